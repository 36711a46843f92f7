import { buildSummary, type Summary } from '../report/summary.ts';
import { ConfigError } from '../target/config-error.ts';

/**
 * Shards' summaries as one run's: every check once, totals and outcomes counted again, the run
 * from the first shard's start to the last one's end. Shards of different targets, suite versions
 * or schema versions, or two shards holding the same check, are not one run: a ConfigError.
 */
export function mergeSummaries(shards: ReadonlyArray<{ path: string; summary: Summary }>): Summary {
  const [first] = shards;
  if (first === undefined) throw new ConfigError('merge takes at least one shard');
  for (const { path, summary } of shards) {
    // Shards of the embedded reference each start their own, on a port of its own: one target.
    const embedded = summary.embedded === true && first.summary.embedded === true;
    if (!embedded && summary.target !== first.summary.target)
      throw new ConfigError(
        `${path}: a run of ${summary.target}, not of ${first.summary.target}: not shards of one run`,
      );
    if (summary.schemaVersion !== first.summary.schemaVersion)
      throw new ConfigError(
        `${path}: summary schemaVersion ${summary.schemaVersion}, not ${first.summary.schemaVersion}`,
      );
    if (JSON.stringify(summary.suiteVersion) !== JSON.stringify(first.summary.suiteVersion))
      throw new ConfigError(`${path}: made by another version of the suite than ${first.path}`);
  }
  const owner = new Map<string, string>();
  for (const { path, summary } of shards)
    for (const check of summary.checks) {
      const earlier = owner.get(check.id);
      if (earlier !== undefined)
        throw new ConfigError(`check ${check.id} is in ${earlier} and in ${path}: the shards overlap`);
      owner.set(check.id, path);
    }
  const starts = shards.map(({ summary }) => Date.parse(summary.startedAt));
  const ends = shards.map(({ summary }) => Date.parse(summary.startedAt) + summary.durationMs);
  const startedAt = Math.min(...starts);
  const seeds = new Set(shards.map(({ summary }) => summary.seed));
  const [seed] = seeds;
  const stopped = shards.find(({ summary }) => summary.stoppedBy !== undefined)?.summary.stoppedBy;
  return buildSummary({
    suiteVersion: first.summary.suiteVersion,
    ...(shards.every(({ summary }) => summary.embedded === true) ? { embedded: true } : {}),
    // One seed replays the whole run only when every shard drew from it.
    ...(seeds.size === 1 && seed !== undefined ? { seed } : {}),
    ...(stopped !== undefined ? { stoppedBy: stopped } : {}),
    target: first.summary.target,
    startedAt: new Date(startedAt),
    durationMs: Math.max(...ends) - startedAt,
    checks: shards.flatMap(({ summary }) => summary.checks).sort((a, b) => a.file.localeCompare(b.file)),
    harnessErrors: shards.flatMap(({ summary }) => summary.harnessErrors),
    warnings: [
      ...(seeds.size > 1
        ? [
            `the shards ran with different seeds (${[...seeds].join(', ')}): pass one --seed to every shard to replay the run`,
          ]
        : []),
      ...shards.flatMap(({ summary }) => summary.warnings ?? []),
    ],
  });
}
