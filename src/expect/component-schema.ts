import type { Exchange } from '../http/exchange.ts';
import type { Spec } from '../spec/openapi.ts';
import { ConformanceFailure } from './failure.ts';
import { schemaProblems } from './schema-problems.ts';
import { expectResponse } from './status.ts';
import { componentValidator } from './validators.ts';

/**
 * The body matches a named component schema of spec/openapi.yaml, for a response the operation's
 * own schema does not describe (`ret=count` answers with PersonaCountResponse, not the list page).
 */
export function expectComponentSchema(spec: Spec, exchange: Exchange, component: string): void {
  const response = expectResponse(exchange);
  const validate = componentValidator(spec, component);
  if (response.json === undefined) {
    throw new ConformanceFailure(`Received: a body that is not JSON / Documented: ${component}`, exchange);
  }
  if (!validate(response.json)) {
    const problems = schemaProblems(validate, { root: '(body)' });
    throw new ConformanceFailure(`Received: a body that does not match ${component}: ${problems}`, exchange);
  }
}
