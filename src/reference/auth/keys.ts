import type { ScopeMap } from './levels.ts';

/** An API key as the reference stores it. Exactly one of `scopes` / `legacy` describes its reach. */
export interface ApiKey {
  id: string;
  secret: string;
  accountId: string;
  /** Scoped key: its per-module capability map. */
  scopes?: ScopeMap;
  /** Issued before scoping: unrestricted, judged by the older path allowlist. */
  legacy?: boolean;
  revoked?: boolean;
  /** ISO 8601; absent means the key never expires. */
  expiresAt?: string;
}

export class KeyStore {
  private readonly bySecret = new Map<string, ApiKey>();

  add(key: ApiKey): void {
    this.bySecret.set(key.secret, key);
  }

  find(secret: string): ApiKey | undefined {
    return this.bySecret.get(secret);
  }

  /** Revocation takes effect on the next request, since every request looks the key up again. */
  revoke(secret: string): void {
    const key = this.bySecret.get(secret);
    if (key) key.revoked = true;
  }
}
