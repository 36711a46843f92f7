import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Exchange } from '../http/exchange.ts';
import type { Spec } from '../spec/openapi.ts';
import { ConformanceFailure } from './failure.ts';
import { expectResponse } from './status.ts';

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
addFormats.default(ajv);
const compiled = new Map<string, ValidateFunction>();

/**
 * The body matches a named component schema of spec/openapi.yaml, for a response the operation's
 * own schema does not describe (`ret=count` answers with PersonaCountResponse, not the list page).
 */
export function expectComponentSchema(spec: Spec, exchange: Exchange, component: string): void {
  const response = expectResponse(exchange);
  let validate = compiled.get(component);
  if (!validate) {
    const schema = (spec.document.components as { schemas?: Record<string, object> } | undefined)?.schemas?.[
      component
    ];
    if (!schema) throw new Error(`spec: no component schema named ${component}`);
    validate = ajv.compile(schema);
    compiled.set(component, validate);
  }
  if (response.json === undefined) {
    throw new ConformanceFailure(`Received: a body that is not JSON / Documented: ${component}`, exchange);
  }
  if (!validate(response.json)) {
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`)
      .join('; ');
    throw new ConformanceFailure(`Received: a body that does not match ${component}: ${problems}`, exchange);
  }
}
