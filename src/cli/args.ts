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
  positionals: string[];
}

/** Parses `--flag value`, `--flag=value` and boolean flags; an unknown flag is a ConfigError. */
export function parseArgs(argv: readonly string[], flags: readonly FlagSpec[]): ParsedArgs {
  const byName = new Map(flags.map((f) => [f.name, f]));
  const values: Record<string, string> = {};
  const booleans = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const flag = byName.get(name);
    if (!flag) {
      throw new ConfigError(`unknown option ${name} (known: ${flags.map((f) => f.name).join(', ')})`);
    }
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
  return { values, booleans, positionals };
}

export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`option ${name} must be a positive whole number, got "${value}"`);
  return n;
}
