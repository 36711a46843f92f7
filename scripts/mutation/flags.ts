/** The command line of `npm run mutate`, parsed without side effects so it can be unit-tested. */

export interface MutateFlags {
  /** How many mutants to draw. */
  sample: number;
  /** The seed of the draw (and of the conformance runs' generated properties). */
  seed: number;
  /** Mutants judged at once (each judge is a whole conformance run). */
  concurrency: number;
}

export const DEFAULT_FLAGS: MutateFlags = { sample: 150, seed: 21, concurrency: 2 };

export const USAGE = `usage: npm run mutate -- [--sample N] [--seed S] [--concurrency C]

Mutation testing of the embedded reference (src/reference) with StrykerJS: a reproducible sample of
N mutants, each judged by a whole \`conformance run --bail\` against the mutated reference.
Reports go to reports/mutation/ (mutation.html, mutation.json, survivors.md).

  --sample N       mutants drawn (default: ${DEFAULT_FLAGS.sample})
  --seed S         seed of the draw and of the runs' generated properties (default: ${DEFAULT_FLAGS.seed})
  --concurrency C  mutants judged at once (default: ${DEFAULT_FLAGS.concurrency})
  --help           this text`;

export type ParsedFlags = { help: true } | { help: false; flags: MutateFlags } | { error: string };

const NUMERIC: Record<string, { key: keyof MutateFlags; min: number }> = {
  '--sample': { key: 'sample', min: 1 },
  '--seed': { key: 'seed', min: 0 },
  '--concurrency': { key: 'concurrency', min: 1 },
};

/** Parses `argv` (without node and the script); an error is one line meant for stderr. */
export function parseFlags(argv: readonly string[]): ParsedFlags {
  const flags: MutateFlags = { ...DEFAULT_FLAGS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    const [name = '', inline] = arg.startsWith('--') ? splitInline(arg) : [arg, undefined];
    const spec = NUMERIC[name];
    if (!spec) return { error: `unknown option ${JSON.stringify(arg)} (see --help)` };
    const raw = inline ?? argv[++i];
    if (raw === undefined) return { error: `${name} needs a value` };
    if (!/^\d+$/.test(raw) || Number(raw) < spec.min || !Number.isSafeInteger(Number(raw)))
      return { error: `${name} must be an integer of at least ${spec.min}, not ${JSON.stringify(raw)}` };
    flags[spec.key] = Number(raw);
  }
  return { help: false, flags };
}

function splitInline(arg: string): [string, string | undefined] {
  const at = arg.indexOf('=');
  return at < 0 ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)];
}
