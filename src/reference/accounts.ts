/** The two accounts of the reference. Account A holds every keyring role but `other`, which is B's. */
export interface Account {
  id: string;
  /** Display name, shown as a plugin's `creator`. */
  name: string;
  ownerEmail: string;
}

export const ACCOUNT_A: Account = {
  id: 'acct_a',
  name: 'Account A',
  ownerEmail: 'first-account@example.com',
};
export const ACCOUNT_B: Account = {
  id: 'acct_b',
  name: 'Account B',
  ownerEmail: 'second-account@example.com',
};

export class AccountDirectory {
  constructor(private readonly accounts: readonly Account[] = [ACCOUNT_A, ACCOUNT_B]) {}

  byId(id: string): Account | undefined {
    return this.accounts.find((a) => a.id === id);
  }

  /** Owner emails compare case-insensitively, surrounding blanks ignored. */
  byOwnerEmail(email: string): Account | undefined {
    const wanted = email.trim().toLowerCase();
    return this.accounts.find((a) => a.ownerEmail.toLowerCase() === wanted);
  }
}
