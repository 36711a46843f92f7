import type { IndexedCheck } from '../harness/check-index.ts';
import { areaOfFile } from '../report/terminal-progress.ts';
import { KINDS, type KindRegistry } from '../resources/kinds/registry.ts';
import { isWrite, type Spec } from '../spec/openapi.ts';

function writesOf(spec: Spec, operations: readonly string[]): string[] {
  return operations.filter((id) => isWrite(spec.operation(id)));
}

export interface DryRunInput {
  checks: readonly IndexedCheck[];
  spec: Spec;
  target: string;
  readOnly: boolean;
  ledgerDir: string;
  /** The resource kinds whose dry-run labels say what the run would create (default: the suite's). */
  kinds?: KindRegistry;
}

/** `run --dry-run`: what a run would execute and create, from the check index; nothing is sent. */
export function dryRunLines(input: DryRunInput): string[] {
  const { checks, spec, kinds = KINDS } = input;
  const lines = [`conformance: dry run: nothing is sent to ${input.target}; a run would do this:`];
  const byArea = new Map<string, IndexedCheck[]>();
  // By the area names --only takes (the folders of suites/), not the ids' prefixes (`kb`).
  for (const check of checks) {
    const area = areaOfFile(check.file);
    byArea.set(area, [...(byArea.get(area) ?? []), check]);
  }
  const writing = checks.filter((check) => writesOf(spec, check.operations).length > 0);
  for (const [area, inArea] of [...byArea].sort(([a], [b]) => a.localeCompare(b))) {
    const writes = inArea.filter((check) => writing.includes(check)).length;
    lines.push(`  ${area}: ${inArea.length} check(s), ${writes} of them writing`);
  }
  const made = [
    ...new Set(checks.flatMap((check) => check.operations.flatMap((id) => kinds.planLabel(id) ?? []))),
  ];
  lines.push(
    `${checks.length} check(s) in ${new Set(checks.map((c) => c.file)).size} file(s); ${writing.length} name a write among their operations.`,
  );
  if (input.readOnly) {
    lines.push(
      `--read-only: those ${writing.length} would be skipped, and any other check is skipped at its first write (a check may create what it then reads); ${checks.length - writing.length} would run as far as they only read.`,
    );
  } else {
    lines.push(
      `It would create ${made.length > 0 ? made.join(', ') : 'nothing the checks name (their setup may still create assistants, plugins or bases)'}, on account A (full key) and, for isolation and transfer checks, account B (other key).`,
      `Each is named with the run's id (cfrun and 17 letters or digits), written to ${input.ledgerDir}/<run id>.jsonl before its create is sent, and deleted by the run; conformance cleanup removes what an interrupted run left.`,
    );
  }
  return lines;
}
