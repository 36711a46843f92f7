import type { Exchange } from '../http/exchange.ts';
import { successStatus, type Spec } from '../spec/openapi.ts';
import { ConformanceFailure } from './failure.ts';
import { schemaProblems } from './schema-problems.ts';
import { expectResponse } from './status.ts';
import { responseValidator } from './validators.ts';

/**
 * The body matches the schema spec/openapi.yaml documents for the operation at the received
 * status. A success status the document does not give the operation (201 where it says 200) fails;
 * an error status without a JSON schema is not judged here (the status check does that).
 */
export function expectSchema(spec: Spec, exchange: Exchange): void {
  const response = expectResponse(exchange);
  const operationId = exchange.operationId;
  if (!operationId) throw new Error(`expectSchema: ${exchange.label} is not a described operation`);
  const operation = spec.operation(operationId);
  if (response.status >= 200 && response.status <= 299 && !(String(response.status) in operation.responses)) {
    throw new ConformanceFailure(
      `Received: ${response.status} / Documented: ${successStatus(operation)}`,
      exchange,
    );
  }
  const validate = responseValidator(spec, operationId, String(response.status));
  if (!validate) return;
  if (response.json === undefined) {
    throw new ConformanceFailure(`Received: a body that is not JSON / Documented: a JSON body`, exchange);
  }
  if (!validate(response.json)) {
    const problems = schemaProblems(validate, { root: '(body)', nameMissing: true });
    throw new ConformanceFailure(
      `Received: a body that does not match the documented schema: ${problems}`,
      exchange,
    );
  }
}
