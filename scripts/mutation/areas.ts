/**
 * The requirements whose checks judge a mutant of a module first (scripts/mutation/judge.ts): the
 * ones the module implements. Only a shortcut to a kill; a mutant these checks miss still gets the
 * whole run, so a wrong entry here costs time, never a verdict. Shared code (http/, the app, the
 * state) has none: its mutants go straight to the whole run.
 */
const FIRST_JUDGES: readonly [prefix: string, glob: string][] = [
  ['src/reference/assistants/', 'AS-*'],
  ['src/reference/plugins/', 'PL-*'],
  ['src/reference/knowledge/', 'KB-*'],
  ['src/reference/voices/', 'VOICE-*'],
  ['src/reference/auth/', 'AUTH-*'],
];

export function requirementGlobFor(fileName: string): string | undefined {
  return FIRST_JUDGES.find(([prefix]) => fileName.startsWith(prefix))?.[1];
}
