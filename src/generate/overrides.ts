/** Overrides of a drawn body: a value replaces the field, `undefined` removes it. */
export type BodyOverrides = Record<string, unknown>;

export function withOverrides(
  body: Record<string, unknown>,
  overrides: BodyOverrides,
): Record<string, unknown> {
  const out = { ...body };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}
