/**
 * The command Stryker runs for each mutant (in its sandbox, with __STRYKER_ACTIVE_MUTANT__ set):
 * a conformance run against the embedded reference, which runs in the CLI's own process and so
 * sees the active mutant. Exit 0 means the mutant survived.
 *
 * Two stages, for time only: first the checks citing the requirements of the mutated module (a
 * failure there kills the mutant at once); if they all pass, the whole run, so that a survivor is
 * always a mutant the whole suite missed.
 *
 * Each verdict is also appended to JOURNAL (one JSON line: mutant id, file, exit status, seconds),
 * so a run stopped before Stryker writes its report still leaves what was judged.
 *
 * usage: tsx scripts/mutation/judge.ts SEED [JOURNAL]
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requirementGlobFor } from './areas.ts';

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
/** A run that has not ended by then is stopped (Stryker's own timeout usually comes first). */
const RUN_DEADLINE = '5m';

/** The project file holding the mutant's switch, in the sandbox's instrumented reference. */
function mutatedFile(id: string): string | undefined {
  const marker = `stryMutAct_9fa48("${id}")`;
  return readdirSync('src/reference', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `src/reference/${name.split(path.sep).join('/')}`)
    .find((name) => readFileSync(name, 'utf8').includes(marker));
}

/** One conformance run; prints its last lines (Stryker keeps them as the kill's reason). */
function conformanceRun(seed: string, selection: string[]): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-mutant-'));
  try {
    const args = ['src/cli/main.ts', 'run', '--bail', '--seed', seed, '--deadline', RUN_DEADLINE];
    const run = spawnSync('node_modules/.bin/tsx', [...args, '--report-dir', dir, ...selection], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = `${run.stdout}${run.stderr}`.trimEnd().split('\n');
    process.stdout.write(`${selection.join(' ') || 'whole run'}: ${lines.slice(-2).join('\n')}\n`);
    return run.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function judge(seed: string, file: string | undefined): number {
  const glob = file === undefined ? undefined : requirementGlobFor(file);
  if (glob !== undefined) {
    const first = conformanceRun(seed, ['--requirement', glob]);
    if (first !== 0) return first;
  }
  return conformanceRun(seed, []);
}

function main(): number {
  const [seed = '21', journal] = process.argv.slice(2);
  const id = process.env[ACTIVE_MUTANT];
  const file = id === undefined ? undefined : mutatedFile(id);
  const started = Date.now();
  const status = judge(seed, file);
  if (journal !== undefined && id !== undefined) {
    const seconds = Math.round((Date.now() - started) / 1000);
    appendFileSync(journal, `${JSON.stringify({ id, file, status, seconds })}\n`);
  }
  return status;
}

process.exitCode = main();
