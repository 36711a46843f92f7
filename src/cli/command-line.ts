import { parseArgs } from 'node:util';
import { ConfigError } from '../target/config-error.ts';

/** One option of one command: what `parseArgs` needs, and what its help line says. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's name in the help (`--runs N`). */
  value?: string;
  help: string;
  default?: string;
  env?: string;
  /** The heading it is listed under in the help; options without one come under "options". */
  group?: string;
}

/** A command as the command table knows it: its options, its help text, and how it is run. */
export interface CommandSpec {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** More about it, printed under the usage line of its help. */
  about?: string;
  /** What follows `conformance NAME` in the usage line. */
  synopsis: string;
  /** Positional arguments it takes; none when absent. */
  positionals?: { name: string; help: string; min: number };
  options: Readonly<Record<string, OptionSpec>>;
  /** Paragraphs after the options: exit status, what it writes. */
  notes?: readonly string[];
  examples: readonly string[];
}

/** What the command line said, typed at the point of use. */
export class CommandArgs {
  constructor(
    private readonly values: Readonly<Record<string, string | boolean | undefined>>,
    readonly positionals: readonly string[],
  ) {}

  string(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  /** The options given, as `--name` (for messages such as "cannot be combined with …"). */
  given(names: readonly string[]): string[] {
    return names.filter((name) => this.values[name] !== undefined).map((name) => `--${name}`);
  }
}

/** The distance between two option names, for "did you mean". */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function closest(given: string, spec: CommandSpec): string | undefined {
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  const ranked = Object.keys(spec.options)
    .map((option) => ({ option, distance: editDistance(name, option) }))
    .sort((a, b) => a.distance - b.distance);
  const best = ranked[0];
  return best !== undefined &&
    best.distance < name.length &&
    best.distance <= Math.max(2, Math.floor(name.length / 3))
    ? `--${best.option}`
    : undefined;
}

/** Where an error points the person for the right spelling. */
function hint(spec: CommandSpec, suggestion?: string): string {
  const names = Object.keys(spec.options).map((name) => `--${name}`);
  const options = names.length > 0 ? `options: ${names.join(', ')}; ` : '';
  const guess = suggestion !== undefined ? `did you mean ${suggestion}? ` : '';
  return `(${guess}${options}see conformance ${spec.name} --help)`;
}

/** The option an error of node:util's parseArgs is about, from its message (`'--only <value>'`). */
function optionIn(message: string): string {
  return /'(-[^' ]*)/.exec(message)?.[1] ?? '';
}

/** parseArgs' errors in this CLI's words: one line, the option named, a hint. */
function refusal(error: unknown, spec: CommandSpec): ConfigError {
  const { code, message } = error as { code?: string; message: string };
  const option = optionIn(message);
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new ConfigError(`unknown option ${option} ${hint(spec, closest(option, spec))}`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const word = /argument '([^']*)'/.exec(message)?.[1] ?? '';
      return new ConfigError(`${spec.name} takes no argument "${word}" ${hint(spec)}`);
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return new ConfigError(
        /does not take an argument/.test(message)
          ? `option ${option} takes no value`
          : `option ${option} needs a value (write --name=-value for a value that starts with a dash)`,
      );
    default:
      return new ConfigError(`${message.split('\n')[0] ?? message} ${hint(spec)}`);
  }
}

/** Where a command prints its result: standard output unless a test collects it. */
export type Print = (text: string) => void;

export const printToStdout: Print = (text) => {
  process.stdout.write(text);
};

/**
 * Parses one command's arguments with node:util's parseArgs, strictly: an unknown option, a stray
 * word, a missing or empty value, an option given twice are each a ConfigError (one line, exit 2).
 * `--help` is not an option here: the command table answers it before a command runs.
 */
export function parseCommand(spec: CommandSpec, argv: readonly string[]): CommandArgs {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, option]) => [name, { type: option.type }]),
  );
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals: spec.positionals !== undefined,
      tokens: true,
    });
  } catch (error) {
    throw refusal(error, spec);
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new ConfigError(`option --${token.name} is given twice`);
    seen.add(token.name);
    if (token.value === '') throw new ConfigError(`option --${token.name} needs a value`);
  }
  const min = spec.positionals?.min ?? 0;
  if (parsed.positionals.length < min) {
    throw new ConfigError(`${spec.name} needs ${spec.positionals?.name ?? 'an argument'} ${hint(spec)}`);
  }
  return new CommandArgs(parsed.values, parsed.positionals);
}

const HELP_WIDTH = 100;

/** Words wrapped to the help's width, later lines indented to `indent`. */
function wrap(text: string, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && indent + line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

const HELP_OPTION: OptionSpec = { type: 'boolean', help: 'this help' };

/** `--runs N` and its explanation, defaults and environment variable included, aligned and wrapped. */
function optionLines(options: readonly [string, OptionSpec][], width: number): string[] {
  return options.map(([name, option]) => {
    const head = name === 'help' ? '-h, --help' : `--${name}${option.value ? ` ${option.value}` : ''}`;
    const extras = [
      option.default !== undefined ? `default: ${option.default}` : undefined,
      option.env !== undefined ? `env ${option.env}` : undefined,
    ].filter((extra) => extra !== undefined);
    const text = `${option.help}${extras.length > 0 ? ` (${extras.join('; ')})` : ''}`;
    return `  ${head.padEnd(width)}${wrap(text, width + 2)}`;
  });
}

/** `conformance NAME --help`: usage, options by group, notes, examples. */
export function commandHelp(spec: CommandSpec): string {
  const groups = new Map<string, [string, OptionSpec][]>();
  for (const entry of [...Object.entries(spec.options), ['help', HELP_OPTION] as [string, OptionSpec]]) {
    const group = entry[1].group ?? 'options';
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const width =
    Math.max(
      ...Object.entries(spec.options).map(([name, o]) => name.length + (o.value?.length ?? -1) + 3),
      10,
    ) + 2;
  const sections = [`usage: conformance ${spec.name} ${spec.synopsis}`.trimEnd(), wrap(spec.summary, 0)];
  if (spec.about !== undefined) sections.push(wrap(spec.about, 0));
  if (spec.positionals) sections.push(`arguments:\n  ${spec.positionals.name}  ${spec.positionals.help}`);
  for (const [group, options] of groups)
    sections.push(`${group}:\n${optionLines(options, width).join('\n')}`);
  sections.push(...(spec.notes ?? []).map((note) => wrap(note, 0)));
  sections.push(`examples:\n${spec.examples.map((example) => `  ${example}`).join('\n')}`);
  return sections.join('\n\n');
}
/** A whole number above zero, or the fallback when the option is absent. */
export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new ConfigError(`option ${name} must be a positive whole number, got "${value}"`);
  return n;
}
