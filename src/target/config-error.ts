/**
 * A problem with the run's configuration or target that the person running the suite must fix.
 * The CLI prints its message as one line and exits 2; it never shows a stack trace.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
