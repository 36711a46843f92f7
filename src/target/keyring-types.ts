/** Roles of ../shared/TARGET.md's keyring, in the order the document lists them. */
export const KEYRING_ROLES = [
  'full',
  'assistants:view',
  'assistants:edit',
  'assistants:manage',
  'voices:view',
  'plugins:view',
  'plugins:edit',
  'plugins:manage',
  'knowledgeBase:view',
  'knowledgeBase:edit',
  'knowledgeBase:manage',
  'preset:assistants-knowledge',
  'legacy',
  'revoked',
  'expired',
  'other',
] as const;

export type Role = (typeof KEYRING_ROLES)[number];

/** A request the suite may send to probe a route that no key may reach (an extension of TARGET.md). */
export interface RouteProbe {
  method: string;
  /** Relative to the base URL, e.g. `/keys`. */
  path: string;
}

/** The keyring file of TARGET.md, with the optional probe lists this suite adds. */
export interface Keyring {
  keys: Partial<Record<Role, string>>;
  accounts?: { other?: { email: string } };
  /** Routes refused to every key with 403 `route_forbidden` (key, team, profile, account switch, payment, admin). */
  forbiddenRoutes?: RouteProbe[];
  /** Routes that exist but have no scope rule: a scoped key gets 403 `route_not_in_scope_table`. */
  unscopedRoutes?: RouteProbe[];
}
