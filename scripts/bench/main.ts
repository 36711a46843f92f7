/**
 * `npm run bench`: where the time of a conformance run goes, on this machine. Prints figures; it
 * asserts nothing (a slow machine is not a failure). See HELP.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createReferenceServer } from '../../src/reference/server.ts';
import { Cleanup } from './cleanup.ts';
import { CHAIN_DEFINITION, fileChains, peakFilesInFlight } from './har-chains.ts';
import { startLatencyProxy } from './latency-proxy.ts';
import { describeMachine } from './machine.ts';
import { failedChecks, readRecording } from './recording.ts';
import { replay } from './replay.ts';
import { PHASES_ENV, type PhasesReport } from '../../src/run/phases.ts';
import { phaseRows, readPhases } from './phase-rows.ts';
import { PROJECT_ROOT, runConformance } from './run-cli.ts';
import { figureRows, type Figures } from './figure-rows.ts';
import { renderTable } from './table.ts';

const ADDED_LATENCY_MS = 20;
/** The seed of both runs unless --seed says otherwise (any fixed one: figures compare across commits). */
const DEFAULT_SEED = '1';

const HELP = `usage: npm run bench [-- --json] [--workers N] [--seed N]

Times the conformance suite on this machine, three ways, and prints one table:
  1. a full run against the embedded reference (wall time, vitest's import/tests split, requests/s);
  2. its recorded requests replayed raw with undici against a fresh reference: the harness overhead;
  3. a run through a local proxy adding ${ADDED_LATENCY_MS} ms to every request, against its critical-path bound.
Then, for the embedded run and the +${ADDED_LATENCY_MS} ms run, where each went (the run writes phases.json
into its report dir when ${PHASES_ENV}=1 is set, as the bench does; nothing of it otherwise):
  - the main thread's phases in order (CLI start, reference start, spec load, preflight, vitest
    start, the check files, each report, the close), each with its time, the process's resident
    memory after it and its peak so far;
  - each worker thread: the modules it loaded (vitest's import times, by package or src/ directory)
    and its heap at most (vitest's logHeapUsage);
  - the 5 costliest check files (import and checks) and the sum over all.
What a worker spends its CPU on beyond imports (ajv compiling schemas, faker, fast-check): profile
a run, e.g. \`node --cpu-prof --cpu-prof-dir=DIR bin/conformance.js run\` (vitest passes the
--cpu-prof flags to its worker threads, a value only after "=": one .cpuprofile per thread, open in
Chrome's DevTools), or --heap-prof for what each thread holds at its end.
Takes a few minutes. Not a test: nothing is asserted.
  --json          print the figures as JSON instead of the table
  --workers N     the latency run's --workers (default: the run's own default)
  --seed N        both runs' --seed (default ${DEFAULT_SEED}): the account model's drawn sequences, and
                  so the requests a run makes, depend on it; one seed keeps figures comparable
  --help          this text`;

interface BenchFlags {
  json: boolean;
  help: boolean;
  /** Passed to the latency run as --workers. */
  workers?: string;
  /** Passed to both runs as --seed. */
  seed: string;
}

function parseFlags(argv: string[]): BenchFlags {
  const { values } = parseArgs({
    args: argv,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      workers: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  // Refused here, in one line, rather than by a run minutes into the bench.
  if (values.seed !== undefined && !(/^\d+$/.test(values.seed) && Number(values.seed) < 2 ** 31))
    throw new Error(`option --seed takes a whole number from 0 to 2147483647, got "${values.seed}"`);
  if (values.workers !== undefined && !(/^\d+$/.test(values.workers) && Number(values.workers) >= 1))
    throw new Error(`option --workers takes a whole number from 1, got "${values.workers}"`);
  return {
    json: values.json === true,
    help: values.help === true,
    ...(values.workers !== undefined ? { workers: values.workers } : {}),
    seed: values.seed ?? DEFAULT_SEED,
  };
}

const round = (value: number, digits = 0): number => Number(value.toFixed(digits));
const say = (line: string): void => void process.stderr.write(`bench: ${line}\n`);

/** Each full run's phases, as src/run/phases.ts recorded them. */
interface RunPhases {
  embedded: PhasesReport;
  latency: PhasesReport;
}

/**
 * The run's peak resident memory, worker threads included: the process's maxRSS at its last phase
 * (the close), which only grows, so nothing after it can be higher but the exit.
 */
function peakOf(report: PhasesReport): number | undefined {
  return report.phases.at(-1)?.peakRssBytes;
}

async function bench(cleanup: Cleanup, flags: BenchFlags): Promise<{ figures: Figures; phases: RunPhases }> {
  const machine = describeMachine(PROJECT_ROOT);
  const tmp = await cleanup.tempDir();

  say(`1/3 full run against the embedded reference (seed ${flags.seed}) …`);
  const embeddedDir = join(tmp, 'embedded');
  const phasesEnv = { [PHASES_ENV]: '1' };
  const embedded = await runConformance(
    ['run', '--seed', flags.seed, '--report-dir', embeddedDir],
    cleanup,
    phasesEnv,
  );
  const embeddedPhases = await readPhases(embeddedDir);
  for (const failure of await failedChecks(embeddedDir)) say(`the embedded run failed ${failure}`);
  const recorded = await readRecording(embeddedDir);
  const embeddedTestsMs = embedded.vitest.parts.tests ?? Number.NaN;
  const requests = recorded.requests.length;
  // As parallel as the run was: its worker count depends on its flags and the machine.
  const width = Math.max(1, peakFilesInFlight(recorded.requests));

  say(`2/3 replaying its ${requests} requests raw, ${width} file(s) at a time …`);
  const replayServer = await createReferenceServer();
  const closeReplayServer = cleanup.defer(() => replayServer.close());
  const fullKey = replayServer.keyring.keys.full;
  if (fullKey === undefined) throw new Error("the reference's keyring has no full key");
  const replayed = await replay(recorded.requests, { baseUrl: replayServer.baseUrl, key: fullKey }, width);
  await closeReplayServer();
  // vitest's tests time is a sum over files, so the replay's is too.
  const overhead = embeddedTestsMs / replayed.summedFileMs;
  // Both sides in wall time: files slowed by sharing the CPU count once, not once per file.
  const overheadWall = recorded.spanMs / replayed.wallMs;

  say(`3/3 full run through a proxy adding ${ADDED_LATENCY_MS} ms per request …`);
  const latencyServer = await createReferenceServer();
  cleanup.defer(() => latencyServer.close());
  const reference = new URL(latencyServer.baseUrl);
  const proxy = await startLatencyProxy(reference.origin, ADDED_LATENCY_MS);
  cleanup.defer(() => proxy.close());
  const keyringFile = join(tmp, 'keys.json');
  // The temp dir is the user's only (mkdtemp: 0700); the file is made 0600 as serve's would be.
  await writeFile(keyringFile, JSON.stringify(latencyServer.keyring), { mode: 0o600, flag: 'wx' });
  const latencyDir = join(tmp, 'latency');
  const latency = await runConformance(
    [
      'run',
      '--seed',
      flags.seed,
      '--base-url',
      `${proxy.origin}${reference.pathname}`,
      '--keyring',
      keyringFile,
      '--report-dir',
      latencyDir,
      ...(flags.workers !== undefined ? ['--workers', flags.workers] : []),
    ],
    cleanup,
    phasesEnv,
  );
  const latencyPhases = await readPhases(latencyDir);
  for (const failure of await failedChecks(latencyDir))
    say(`the +${ADDED_LATENCY_MS} ms run failed ${failure}`);
  const latencyRecording = await readRecording(latencyDir);
  const latencyWidth = Math.max(1, peakFilesInFlight(latencyRecording.requests));
  const chains = fileChains(latencyRecording.requests);
  const critical = chains[0] ?? { file: 'none', steps: 0, requests: 0 };
  const boundMs = critical.steps * ADDED_LATENCY_MS;
  const summedBoundMs = chains.reduce((sum, chain) => sum + chain.steps, 0) * ADDED_LATENCY_MS;
  // W workers share the files' chains: one of them waits at least Σ/W, and none less than the longest.
  const workersBoundMs = Math.max(boundMs, summedBoundMs / latencyWidth);
  const latencyTestsMs = latency.vitest.parts.tests ?? Number.NaN;

  return {
    figures: {
      machine,
      embedded: {
        wallMs: round(embedded.wallMs),
        exitCode: embedded.exitCode,
        peakRssBytes: peakOf(embeddedPhases),
        vitestMs: round(embedded.vitest.wallMs),
        vitestPartsMs: embedded.vitest.parts,
        requests,
        checkFiles: recorded.files,
        unmappedPages: recorded.unmappedPages,
        peakFilesInFlight: width,
        requestSpanMs: recorded.spanMs,
        requestsPerSecondOverVitest: round(requests / (embedded.vitest.wallMs / 1000), 1),
        requestsPerSecondOverWall: round(requests / (embedded.wallMs / 1000), 1),
      },
      replay: {
        wallMs: round(replayed.wallMs),
        summedFileMs: round(replayed.summedFileMs),
        filesAtATime: width,
        answers: replayed.answers,
        harnessOverhead: round(overhead, 3),
        harnessOverheadWall: round(overheadWall, 3),
      },
      latency: {
        addedMs: ADDED_LATENCY_MS,
        wallMs: round(latency.wallMs),
        exitCode: latency.exitCode,
        peakRssBytes: peakOf(latencyPhases),
        vitestMs: round(latency.vitest.wallMs),
        vitestPartsMs: latency.vitest.parts,
        requests: latencyRecording.requests.length,
        checkFiles: latencyRecording.files,
        unmappedPages: latencyRecording.unmappedPages,
        peakFilesInFlight: latencyWidth,
        criticalPath: { ...critical, boundMs },
        wallOverBound: round(latency.wallMs / boundMs, 3),
        testsOverBound: round(latencyTestsMs / boundMs, 3),
        summedBoundMs,
        testsOverSummedBound: round(latencyTestsMs / summedBoundMs, 3),
        workersBoundMs: round(workersBoundMs),
        vitestOverWorkersBound: round(latency.vitest.wallMs / workersBoundMs, 3),
        chainDefinition: CHAIN_DEFINITION,
      },
    },
    phases: { embedded: embeddedPhases, latency: latencyPhases },
  };
}

async function main(): Promise<number> {
  let flags: BenchFlags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    // parseArgs explains at length; the first sentence names the flag.
    console.error(`bench: ${(error as Error).message.split('. ')[0]} (see --help)`);
    return 2;
  }
  if (flags.help) {
    console.log(HELP);
    return 0;
  }
  const cleanup = new Cleanup();
  cleanup.install();
  try {
    const { figures, phases } = await bench(cleanup, flags);
    if (flags.json) console.log(JSON.stringify({ ...figures, phases }, null, 2));
    else
      console.log(
        [
          renderTable(figureRows(figures)),
          CHAIN_DEFINITION,
          `Where the embedded run went:\n${renderTable(phaseRows(phases.embedded))}`,
          `Where the +${ADDED_LATENCY_MS} ms run went (a base URL):\n${renderTable(phaseRows(phases.latency))}`,
        ].join('\n\n'),
      );
    return 0;
  } catch (error) {
    if (!cleanup.stopping) console.error(`bench: ${(error as Error).message}`);
    return 1;
  } finally {
    if (!cleanup.stopping) await cleanup.release();
  }
}

process.exitCode = await main();
