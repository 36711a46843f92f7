import { describe } from 'vitest';
import { judgeBodyCase, judgeQueryCase } from '../../src/checks/input-rules.ts';
import { inputRuleCases, type InputCase } from '../../src/generate/input-rules.ts';
import { check } from '../../src/harness/check.ts';
import { PAGED_ROUTES, sendBodyCase, sendQueryCase } from '../../src/resources/input-rule-subjects.ts';
import { loadOperationIndexSync } from '../../src/spec/openapi.ts';

/**
 * Every write path holds the rules: the cases src/generate/input-rules.ts derives from
 * spec/openapi.yaml (each field of each request body, each parameter of each paged route), one
 * check per case, judged where the document states the answer and observed where it does not.
 * A new field or operation gets its cases here without a new check file.
 */

const operations = loadOperationIndexSync();

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

const cases = inputRuleCases();
for (const operationId of [...new Set(cases.map((c) => c.operationId))]) {
  describe(operations.get(operationId)?.label ?? operationId, () => {
    for (const rule of cases.filter((c) => c.operationId === operationId)) {
      check(
        `limits.rules.${rule.id}`,
        rule.requirements,
        title(rule),
        async (context) => {
          if (rule.in === 'query') {
            const route = PAGED_ROUTES[rule.operationId];
            if (!route) throw new Error(`input rules: no paged route ${rule.operationId}`);
            judgeQueryCase(context, rule, await sendQueryCase(context, rule), route);
            return;
          }
          await judgeBodyCase(context, rule, await sendBodyCase(context, rule));
        },
        { operations: [operationId] },
      );
    }
  });
}
