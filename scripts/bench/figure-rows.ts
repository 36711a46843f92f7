/** The bench's figures, and how each reads in the table (the JSON prints them as they are). */
import type { FileChain } from './har-chains.ts';
import type { Machine } from './machine.ts';
import type { Row } from './table.ts';

export interface Figures {
  machine: Machine;
  embedded: {
    wallMs: number;
    exitCode: number;
    /** Peak resident memory of the run's process (Linux only). */
    peakRssBytes?: number;
    vitestMs: number;
    vitestPartsMs: Record<string, number>;
    requests: number;
    checkFiles: number;
    unmappedPages: number;
    peakFilesInFlight: number;
    requestSpanMs: number;
    requestsPerSecondOverVitest: number;
    requestsPerSecondOverWall: number;
  };
  replay: {
    wallMs: number;
    summedFileMs: number;
    filesAtATime: number;
    answers: Record<string, number>;
    harnessOverhead: number;
    harnessOverheadWall: number;
  };
  latency: {
    addedMs: number;
    wallMs: number;
    exitCode: number;
    /** Peak resident memory of the run's process, against a base URL (Linux only). */
    peakRssBytes?: number;
    vitestMs: number;
    vitestPartsMs: Record<string, number>;
    requests: number;
    checkFiles: number;
    unmappedPages: number;
    peakFilesInFlight: number;
    criticalPath: FileChain & { boundMs: number };
    wallOverBound: number;
    testsOverBound: number;
    summedBoundMs: number;
    testsOverSummedBound: number;
    workersBoundMs: number;
    vitestOverWorkersBound: number;
    chainDefinition: string;
  };
}

const seconds = (ms: number | undefined): string => (ms === undefined ? '?' : `${(ms / 1000).toFixed(2)} s`);
const megabytes = (bytes: number | undefined): string =>
  bytes === undefined ? '?' : `${Math.round(bytes / 2 ** 20)} MB`;
const times = (ratio: number): string => `${ratio.toFixed(2)}×`;
const unmapped = (pages: number): string =>
  pages > 0 ? `; ${pages} HAR page(s) with no check in summary.json` : '';

export function figureRows({ machine, embedded, replay, latency }: Figures): Row[] {
  const answers = Object.entries(replay.answers)
    .sort()
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  const plus = `+${latency.addedMs} ms`;
  const { criticalPath } = latency;
  return [
    { figure: 'machine', value: `${machine.cores} cores`, note: machine.cpu },
    { figure: 'Node', value: machine.node },
    { figure: 'date', value: `${machine.date.slice(0, 16)}Z` },
    {
      figure: 'suite commit',
      value: machine.commit,
      note: machine.uncommittedChanges ? 'the tree has uncommitted changes' : '',
    },
    {
      figure: 'embedded: wall',
      value: seconds(embedded.wallMs),
      note: `spawn to exit of \`conformance run\` (exit ${embedded.exitCode})`,
    },
    { figure: 'embedded: vitest', value: seconds(embedded.vitestMs), note: "vitest's Duration" },
    {
      figure: 'embedded: peak memory',
      value: megabytes(embedded.peakRssBytes),
      note: "the run's process at its peak, worker threads included (its maxRSS, phases.json)",
    },
    {
      figure: 'embedded: outside vitest',
      value: seconds(embedded.wallMs - embedded.vitestMs),
      note: 'CLI start, spec load, reference start, preflight, reports',
    },
    {
      figure: 'embedded: import',
      value: seconds(embedded.vitestPartsMs.import),
      note: 'importing the check files, summed over files',
    },
    {
      figure: 'embedded: tests',
      value: seconds(embedded.vitestPartsMs.tests),
      note: `running the checks, summed over files; ${embedded.peakFilesInFlight} file(s) at a time at the peak`,
    },
    {
      figure: 'embedded: requests',
      value: String(embedded.requests),
      note: `in exchanges.har, from ${embedded.checkFiles} check files${unmapped(embedded.unmappedPages)}`,
    },
    {
      figure: 'embedded: requests/s',
      value: embedded.requestsPerSecondOverVitest.toFixed(0),
      note: `over vitest's Duration (${embedded.requestsPerSecondOverWall.toFixed(0)}/s over the whole wall)`,
    },
    {
      figure: 'replay: wall',
      value: seconds(replay.wallMs),
      note: `undici, in-process reference, ${replay.filesAtATime} file(s) at a time; answers: ${answers}`,
    },
    {
      figure: 'replay: summed over files',
      value: seconds(replay.summedFileMs),
      note: "each file's requests one after the other",
    },
    {
      figure: 'harness overhead',
      value: times(replay.harnessOverhead),
      note: 'embedded tests / replay, both summed over files',
    },
    {
      figure: 'harness overhead (wall)',
      value: times(replay.harnessOverheadWall),
      note: `embedded first-to-last request (${seconds(embedded.requestSpanMs)}) / replay wall`,
    },
    {
      figure: `${plus}: wall`,
      value: seconds(latency.wallMs),
      note: `run through the proxy (exit ${latency.exitCode}); ${latency.requests} requests${unmapped(latency.unmappedPages)}`,
    },
    { figure: `${plus}: vitest`, value: seconds(latency.vitestMs), note: "vitest's Duration" },
    {
      figure: `${plus}: peak memory`,
      value: megabytes(latency.peakRssBytes),
      note: 'a run against a base URL (the proxy), its default workers',
    },
    {
      figure: `${plus}: tests`,
      value: seconds(latency.vitestPartsMs.tests),
      note: `summed over files; ${latency.peakFilesInFlight} file(s) at a time at the peak`,
    },
    {
      figure: 'critical-path bound',
      value: seconds(criticalPath.boundMs),
      note: `${criticalPath.steps} steps × ${latency.addedMs} ms in ${criticalPath.file} (${criticalPath.requests} requests)`,
    },
    { figure: 'wall / bound', value: times(latency.wallOverBound) },
    { figure: 'tests / bound', value: times(latency.testsOverBound), note: 'tests summed over files' },
    {
      figure: 'summed chain bound',
      value: seconds(latency.summedBoundMs),
      note: `Σ over ${latency.checkFiles} files of steps × ${latency.addedMs} ms: the waiting in all files`,
    },
    {
      figure: 'tests / summed bound',
      value: times(latency.testsOverSummedBound),
      note: 'both summed over files: how far the tests are above pure waiting',
    },
    {
      figure: `bound, ${latency.peakFilesInFlight} file(s) at a time`,
      value: seconds(latency.workersBoundMs),
      note: `max(critical path, summed / ${latency.peakFilesInFlight})`,
    },
    {
      figure: 'vitest / that bound',
      value: times(latency.vitestOverWorkersBound),
      note: "vitest's Duration",
    },
  ];
}
