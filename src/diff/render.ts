import { isUnchanged, type CheckChange, type ObservationChange, type RunDiff } from './compare-runs.ts';
import type { CoverageLoss } from './coverage-lost.ts';

/** The title of each list of changed checks, in the order the report shows them. */
const SECTION_TITLES = {
  regressed: 'Regressed (passed before, fails now)',
  fixed: 'Fixed (failed before, passes now)',
  newlyFailing: 'Newly failing (skipped, expected or absent before)',
  newlySkipped: 'Newly skipped (ran before, skipped now)',
  added: 'New checks',
  removed: 'Removed checks',
} as const;

const SECTIONS = Object.entries(SECTION_TITLES).map(([key, title]) => ({
  key: key as keyof typeof SECTION_TITLES,
  title,
}));

function transition(change: CheckChange): string {
  return `${change.before ?? '—'} → ${change.after ?? '—'}`;
}

function counts(diff: RunDiff): string {
  return [
    `${diff.regressed.length} regressed`,
    `${diff.fixed.length} fixed`,
    `${diff.newlyFailing.length} newly failing`,
    `${diff.newlySkipped.length} newly skipped`,
    `${diff.added.length} new`,
    `${diff.removed.length} removed`,
    `${diff.observations.length} changed observation(s)`,
    `${diff.coverageLost.length} lost from coverage`,
  ].join(', ');
}

const COVERAGE_LOST_TITLE = 'Coverage lost (exercised in the base, by no check of the head)';

function lostLine(loss: CoverageLoss): string {
  return `${loss.requirement} (${loss.kind === 'transition' ? 'a transition no drawn history reached' : 'no check citing it ran'}; before: ${loss.checks.join(', ')})`;
}

function observed(values: string[]): string {
  return values.length === 0 ? '(none)' : values.join(' | ');
}

/** For a terminal: one block per kind of change, one line per check. */
export function renderText(diff: RunDiff): string {
  const lines = [
    `base ${diff.base.target} (${diff.base.startedAt})`,
    `head ${diff.head.target} (${diff.head.startedAt})`,
  ];
  for (const { key, title } of SECTIONS) {
    const changes = diff[key];
    if (changes.length === 0) continue;
    lines.push('', `${title}: ${changes.length}`);
    for (const c of changes)
      lines.push(
        `  ${c.id}  ${transition(c)}  [${c.requirements.join(', ')}]${c.message ? `  ${c.message}` : ''}`,
      );
  }
  if (diff.observations.length > 0) {
    lines.push('', `Changed observations: ${diff.observations.length}`);
    for (const o of diff.observations)
      lines.push(`  ${o.id}  ${o.requirement}: ${observed(o.before)}  →  ${observed(o.after)}`);
  }
  if (diff.coverageLost.length > 0) {
    lines.push('', `${COVERAGE_LOST_TITLE}: ${diff.coverageLost.length}`);
    for (const loss of diff.coverageLost) lines.push(`  ${lostLine(loss)}`);
  }
  if (diff.requirements.regressed.length > 0)
    lines.push('', `Requirements regressed: ${diff.requirements.regressed.join(', ')}`);
  if (diff.requirements.fixed.length > 0)
    lines.push(`Requirements fixed: ${diff.requirements.fixed.join(', ')}`);
  lines.push('', isUnchanged(diff) ? 'nothing changed' : counts(diff));
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function observationRow(o: ObservationChange): string {
  return `| \`${cell(o.id)}\` | ${o.requirement} | ${cell(observed(o.before))} | ${cell(observed(o.after))} |`;
}

/** For a pull-request comment or `$GITHUB_STEP_SUMMARY`. */
export function renderMarkdown(diff: RunDiff): string {
  const lines = [
    '## Conformance diff',
    '',
    `Base: ${cell(diff.base.target)} (${diff.base.startedAt}) · Head: ${cell(diff.head.target)} (${diff.head.startedAt})`,
    '',
    `**${isUnchanged(diff) ? 'nothing changed' : counts(diff)}**`,
  ];
  for (const { key, title } of SECTIONS) {
    const changes = diff[key];
    if (changes.length === 0) continue;
    lines.push(
      '',
      `### ${title}: ${changes.length}`,
      '',
      '| check | outcome | requirements | message |',
      '|---|---|---|---|',
    );
    for (const c of changes)
      lines.push(
        `| \`${cell(c.id)}\` | ${transition(c)} | ${c.requirements.join(', ')} | ${cell(c.message ?? '')} |`,
      );
  }
  if (diff.observations.length > 0) {
    lines.push(
      '',
      `### Changed observations: ${diff.observations.length}`,
      '',
      '| check | requirement | before | now |',
      '|---|---|---|---|',
    );
    lines.push(...diff.observations.map(observationRow));
  }
  if (diff.coverageLost.length > 0) {
    lines.push('', `### ${COVERAGE_LOST_TITLE}: ${diff.coverageLost.length}`, '');
    for (const loss of diff.coverageLost) lines.push(`- ${cell(lostLine(loss))}`);
  }
  if (diff.requirements.regressed.length > 0)
    lines.push('', `Requirements regressed: ${diff.requirements.regressed.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
