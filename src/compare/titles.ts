import type { Summary } from '../report/summary.ts';

/** `2026-11-27T08:31:56.918Z` as `2026-11-27 08:31 UTC`: enough to tell two runs of a day apart. */
function shortDate(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match === null ? iso : `${match[1]} ${match[2]} UTC`;
}

/**
 * The column title of each run: its `--label`, else its target and start time. Titles that are
 * still equal (the same label twice, two runs of one target in one minute) get the run's position
 * among the arguments, so that no two columns read alike.
 */
export function columnTitles(runs: readonly Summary[], labels?: readonly string[]): string[] {
  const titles = runs.map((run, i) => labels?.[i] ?? `${run.target} ${shortDate(run.startedAt)}`);
  return titles.map((title, i) =>
    titles.filter((t) => t === title).length > 1 ? `${title} (run ${i + 1})` : title,
  );
}
