import type { SchemaValidator } from '../spec/ajv-cache.ts';

/** How a failure words what a schema found wrong. */
interface ProblemWording {
  /** What the value itself is called where a problem has no path: `(body)`, `(item)`. */
  root: string;
  /** Repeat a missing property's name after Ajv's sentence about it (`… property 'title' (title)`). */
  nameMissing?: boolean;
}

/**
 * What the validator's last call found wrong, as a failure shows it: the first five problems (more
 * would bury the first), each at its path, separated by `; `.
 */
export function schemaProblems(validate: SchemaValidator, wording: ProblemWording): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => {
      const missing =
        wording.nameMissing === true && 'missingProperty' in error.params
          ? ` (${String(error.params.missingProperty)})`
          : '';
      return `${error.instancePath || wording.root} ${error.message ?? 'is invalid'}${missing}`;
    })
    .join('; ');
}
