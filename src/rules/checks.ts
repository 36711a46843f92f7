import { describe } from 'vitest';
import { judgeBodyCase, judgeQueryCase } from './judge.ts';
import { inputRuleCases, type InputCase } from '../generate/input-rules.ts';
import { check, type CheckContext } from '../harness/check.ts';
import { PAGED_ROUTES, sendBodyCase, sendQueryCase } from './subjects.ts';
import { loadOperationIndexSync, type Module } from '../spec/openapi.ts';

/** A check's title: what the case sends, and the answer it is judged on. */
function title(rule: InputCase): string {
  const stated = rule.stated;
  const answer =
    stated === undefined
      ? 'refused with a 4xx, or accepted with every view still showing what the document allows (status recorded)'
      : stated.kind === 'refused'
        ? `refused${stated.status ? ` with ${stated.status}` : ''}${stated.message ? ` ${stated.message}` : ''}${stated.names ? `, the message naming ${stated.names}` : ''}, and nothing created`
        : stated.kind === 'truncated'
          ? `accepted and stored as its first ${stated.length} characters`
          : stated.kind === 'page'
            ? `a page of ${stated.limit} item when more match`
            : 'accepted, and the views show it';
  const sent = rule.absent
    ? `without ${rule.field}`
    : `${rule.field} ${rule.ruleClass}${rule.variant ? ` (${rule.variant})` : ''}`;
  return `${sent}: ${answer}`;
}

async function runCase(rule: InputCase, context: CheckContext): Promise<void> {
  if (rule.in === 'query') {
    const route = PAGED_ROUTES[rule.operationId];
    if (!route) throw new Error(`input rules: no paged route ${rule.operationId}`);
    judgeQueryCase(context, rule, await sendQueryCase(context, rule), route);
    return;
  }
  await judgeBodyCase(context, rule, await sendBodyCase(context, rule));
}

/**
 * The input-rule cases of the operations of some modules (src/generate/input-rules.ts): one
 * describe per operation, in the spec's order, one check per case, `limits.rules.<case id>`.
 * One file per module, so that a run spreads them over its workers.
 */
export function describeInputRules(modules: readonly Module[]): void {
  const operations = loadOperationIndexSync();
  const cases = inputRuleCases().filter((c) => modules.includes(operations.get(c.operationId)!.scope.module));
  for (const operationId of [...new Set(cases.map((c) => c.operationId))]) {
    describe(operations.get(operationId)?.label ?? operationId, () => {
      for (const rule of cases.filter((c) => c.operationId === operationId)) {
        check(
          `limits.rules.${rule.id}`,
          rule.requirements,
          title(rule),
          (context) => runCase(rule, context),
          {
            operations: [operationId],
          },
        );
      }
    });
  }
}
