import { loadOperationIndexSync, type Operation } from '../spec/openapi.ts';
import type { ScopeCellMeta } from '../scope/matrix.ts';
import { KEYRING_ROLES } from '../target/keyring-types.ts';
import type { Summary, SummaryCheck } from './summary.ts';

/** What a cell shows: the check's status (its outcome where that says more), then what it expects. */
function cellText(check: SummaryCheck, expected: string): string {
  const status =
    check.outcome === 'errored' || check.outcome === 'observed' || check.outcome === 'warned'
      ? `${check.status} (${check.outcome})`
      : check.status;
  return `${status}: ${expected}`;
}

/** Known roles in the keyring's order, then any other role seen, alphabetically. */
function orderRoles(roles: Iterable<string>): string[] {
  const seen = new Set(roles);
  const known = KEYRING_ROLES.filter((role) => seen.has(role));
  const others = [...seen].filter((role) => !(KEYRING_ROLES as readonly string[]).includes(role)).sort();
  return [...known, ...others];
}

/** Operations in spec/openapi.yaml's order, then any other operation seen, alphabetically. */
function orderOperations(operationIds: Iterable<string>, index: ReadonlyMap<string, Operation>): string[] {
  const seen = new Set(operationIds);
  const known = [...index.keys()].filter((id) => seen.has(id));
  const others = [...seen].filter((id) => !index.has(id)).sort();
  return [...known, ...others];
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * The scope matrix as Markdown: one row per operation, one column per role tried, each cell the
 * outcome of the check that carries that cell (`scope` in summary.json) and what the cell expects;
 * `—` where a role was not tried on an operation.
 */
export function renderScopeMatrix(
  summary: Summary,
  index: ReadonlyMap<string, Operation> = loadOperationIndexSync(),
): string {
  const cells = new Map<string, Map<string, SummaryCheck & { scope: ScopeCellMeta }>>();
  for (const check of summary.checks) {
    const { scope } = check;
    if (!scope) continue;
    let row = cells.get(scope.operationId);
    if (!row) {
      row = new Map();
      cells.set(scope.operationId, row);
    }
    row.set(scope.role, { ...check, scope });
  }

  const lines = ['# Scope matrix', '', `Target: ${summary.target} — run started ${summary.startedAt}`, ''];
  if (cells.size === 0) {
    lines.push('No scope-matrix checks (`auth.scope.*`) ran.', '');
    return lines.join('\n');
  }
  const roles = orderRoles([...cells.values()].flatMap((row) => [...row.keys()]));
  const counts = { passed: 0, failed: 0, skipped: 0 };
  lines.push(
    `| operation | scope | ${roles.map(escapeCell).join(' | ')} |`,
    `|---|---|${roles.map(() => '---').join('|')}|`,
  );
  for (const operationId of orderOperations(cells.keys(), index)) {
    const row = cells.get(operationId) ?? new Map<string, SummaryCheck & { scope: ScopeCellMeta }>();
    const scope = index.get(operationId)?.scope;
    const scopeText = scope
      ? `${scope.module}:${scope.level}${scope.destructive ? ' (destructive)' : ''}`
      : '?';
    const texts = roles.map((role) => {
      const check = row.get(role);
      if (!check) return '—';
      counts[check.status] += 1;
      return cellText(check, check.scope.expected);
    });
    lines.push(`| ${escapeCell(operationId)} | ${scopeText} | ${texts.join(' | ')} |`);
  }
  lines.push(
    '',
    `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped. A cell is the check \`auth.scope.<operation>.<role>\` ` +
      'and what it expects: `allowed` (at or above the required level: not refused), `scope_denied` (below it: 403 naming ' +
      'module, required and held), `403` (the module is not held), `route_forbidden` (the legacy key on a /kb route) or ' +
      '`recorded` (the legacy key elsewhere: its allowlist is not stated).',
    '',
  );
  return lines.join('\n');
}
