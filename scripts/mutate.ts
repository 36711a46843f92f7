/**
 * `npm run mutate`: mutation testing of the embedded reference with StrykerJS, because the planted
 * faults share the blind spots of the people who planted them. A reproducible sample of mutants of
 * src/reference (not the fault records, nor code that runs only with a fault on: see
 * scripts/mutation/fault-code.ts) is judged each by `conformance run --bail` against the mutated
 * reference (Stryker's command runner running scripts/mutation/judge.ts; the reference runs in the
 * CLI's own process, which inherits Stryker's __STRYKER_ACTIVE_MUTANT__). A survivor is a mutant no check noticed: equivalent,
 * a point the document leaves open, or a gap of the suite (README, "Mutation testing").
 *
 * Stryker is told the sample as `mutate` ranges; a range also selects the mutants inside it, and a
 * prepared incremental report marks those Ignored so that exactly the sample runs.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, USAGE, type MutateFlags } from './mutation/flags.ts';
import { listMutants } from './mutation/listing.ts';
import {
  ignoredReport,
  judgedMutants,
  score,
  type JudgedMutant,
  type SchemaReport,
} from './mutation/report.ts';
import { drawSample, mutateRange, selectedBesides } from './mutation/sample.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = 'reports/mutation';
/** Stryker's command-line entry, found through its package (its own `bin`). */
const STRYKER_BIN = fileURLToPath(
  new URL('bin/stryker.js', import.meta.resolve('@stryker-mutator/core/package.json')),
);
const GRACE_MS = 10_000;

function strykerConfig(flags: MutateFlags, ranges: string[], journal: string): Record<string, unknown> {
  return {
    testRunner: 'command',
    commandRunner: {
      command: `./node_modules/.bin/tsx scripts/mutation/judge.ts ${flags.seed} ${JSON.stringify(journal)}`,
    },
    coverageAnalysis: 'off',
    mutate: ranges,
    incremental: true,
    incrementalFile: `${OUT}/incremental.json`,
    concurrency: flags.concurrency,
    // A judge's budget: three times the unmutated run (a survivor runs its module's checks, then
    // the whole run), plus five minutes for a machine shared with other work. Stryker counts a
    // Timeout as detected, so a slow survivor must not reach it: on a loaded machine (load 30 on
    // 2 cores) a budget of twice the run plus three minutes timed out survivors.
    timeoutFactor: 3,
    timeoutMS: 300_000,
    dryRunTimeoutMinutes: 10,
    reporters: ['progress', 'json', 'html'],
    jsonReporter: { fileName: `${OUT}/mutation.json` },
    htmlReporter: { fileName: `${OUT}/mutation.html` },
    tempDirName: `${OUT}/tmp`,
    cleanTempDir: 'always',
    ignorePatterns: ['reports', 'coverage', '.vitest-tmp', '*.log', 'docs'],
    fileLogLevel: 'off',
    thresholds: { high: 80, low: 60, break: null },
  };
}

/** Runs Stryker in its own process group, so Ctrl-C or a kill of this script ends every judge. */
function runStryker(configFile: string): Promise<number> {
  const child = spawn(process.execPath, [STRYKER_BIN, 'run', configFile], {
    cwd: ROOT,
    stdio: 'inherit',
    detached: true,
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write(`mutate: ${signal}: stopping Stryker and its judges\n`);
    killGroup('SIGINT');
    setTimeout(() => killGroup('SIGKILL'), GRACE_MS).unref();
  };
  const onExit = () => killGroup('SIGKILL');
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', onExit);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      killGroup('SIGKILL');
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('exit', onExit);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function survivorsMarkdown(judged: readonly JudgedMutant[]): string {
  const undetected = judged.filter((m) => m.status !== 'Killed' && m.status !== 'Timeout');
  const cell = (text: string) => `\`${text.replace(/\s+/g, ' ').replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
  return [
    '| mutant | status | original | replacement |',
    '|---|---|---|---|',
    ...undetected.map(
      (m) =>
        `| ${m.fileName}:${m.line} ${m.mutatorName} | ${m.status} | ${cell(m.original)} | ${cell(m.replacement)} |`,
    ),
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const parsed = parseFlags(process.argv.slice(2));
  if ('error' in parsed) {
    process.stderr.write(`mutate: ${parsed.error}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { flags } = parsed;
  const started = Date.now();
  const listing = await listMutants(ROOT);
  const sample = drawSample(listing.eligible, flags.sample, flags.seed);
  const besides = selectedBesides(listing.all, sample);
  process.stdout.write(
    `mutate: ${listing.all.length} mutants of ${listing.sources.size} files of src/reference, ` +
      `${listing.eligible.length} outside code that runs only with a fault on; ` +
      `drew ${sample.length} (seed ${flags.seed}), judged ${flags.concurrency} at a time\n`,
  );

  rmSync(path.join(ROOT, OUT), { recursive: true, force: true });
  mkdirSync(path.join(ROOT, OUT), { recursive: true });
  writeFileSync(
    path.join(ROOT, OUT, 'incremental.json'),
    JSON.stringify(ignoredReport(besides, listing.sources)),
  );
  const configFile = `${OUT}/stryker.config.json`;
  writeFileSync(
    path.join(ROOT, configFile),
    JSON.stringify(
      strykerConfig(flags, sample.map(mutateRange), path.join(ROOT, OUT, 'judged.jsonl')),
      null,
      2,
    ),
  );

  const exit = await runStryker(configFile);
  // Stryker removes its sandbox itself, unless it was stopped.
  rmSync(path.join(ROOT, OUT, 'tmp'), { recursive: true, force: true });
  if (exit !== 0) {
    process.stderr.write(`mutate: Stryker ended with ${exit}\n`);
    return exit;
  }
  const report = JSON.parse(readFileSync(path.join(ROOT, OUT, 'mutation.json'), 'utf8')) as SchemaReport;
  const judged = judgedMutants(report, sample);
  const result = score(judged);
  writeFileSync(path.join(ROOT, OUT, 'survivors.md'), survivorsMarkdown(judged));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  process.stdout.write(
    `mutate: mutation score ${result.detected}/${result.detected + result.undetected} ` +
      `(${result.percent.toFixed(1)}%; ${judged.filter((m) => m.status === 'Timeout').length} of them timed out), ` +
      `${result.invalid} invalid, ${judged.length} of ${sample.length} ` +
      `drawn mutants judged, in ${minutes} min; survivors in ${OUT}/survivors.md\n`,
  );
  if (judged.length !== sample.length) {
    process.stderr.write('mutate: some drawn mutants are missing from the report\n');
    return 1;
  }
  return 0;
}

process.exitCode = await main();
