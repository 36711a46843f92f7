/** Target platforms of assistants and plugins. */
export const OS_NAMES = ['nt', 'android', 'web'] as const;
export type OsName = (typeof OS_NAMES)[number];

export const isOsName = (v: unknown): v is OsName =>
  typeof v === 'string' && (OS_NAMES as readonly string[]).includes(v);
export const isOsList = (v: unknown): v is OsName[] => Array.isArray(v) && v.every(isOsName);
