import { ConfigError } from '../target/config-error.ts';

export interface FlagSpec {
  /** `--base-url` → `baseUrl` */
  name: string;
  key: string;
  /** A flag that takes no value. */
  boolean?: boolean;
}

export interface ParsedArgs {
  values: Record<string, string>;
  booleans: Set<string>;
}

/** Where an error points the person for the right spelling. */
function hint(command: string | undefined, flags: readonly FlagSpec[]): string {
  const known = flags.length > 0 ? `options: ${flags.map((f) => f.name).join(', ')}; ` : '';
  return `(${known}see conformance ${command === undefined ? 'help' : `${command} --help`})`;
}

/**
 * Parses `--flag value`, `--flag=value` and boolean flags. Anything else is a ConfigError (one line,
 * exit status 2), never ignored: an unknown flag, a short flag (`-x`: there are none), a stray word
 * (no command takes a positional argument), a flag without its value.
 */
export function parseArgs(argv: readonly string[], flags: readonly FlagSpec[], command?: string): ParsedArgs {
  const byName = new Map(flags.map((f) => [f.name, f]));
  const values: Record<string, string> = {};
  const booleans = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('-') || arg === '-') {
      throw new ConfigError(
        `${command ?? 'this command'} takes no argument "${arg}" ${hint(command, flags)}`,
      );
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const flag = byName.get(name);
    if (!flag) throw new ConfigError(`unknown option ${name} ${hint(command, flags)}`);
    if (flag.boolean) {
      if (eq !== -1) throw new ConfigError(`option ${name} takes no value`);
      booleans.add(flag.key);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) {
      throw new ConfigError(`option ${name} needs a value`);
    }
    values[flag.key] = value;
  }
  return { values, booleans };
}

export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`option ${name} must be a positive whole number, got "${value}"`);
  return n;
}
