import fc from 'fast-check';
import type { Spec } from '../spec/openapi.ts';
import { componentSchema } from './component-schemas.ts';
import { fromFaker, realisticImageUrl, realisticUrl, snakeWords } from './realistic.ts';
import { objectFromSchema } from './schema-arbitrary.ts';

export interface PluginGeneratorOptions {
  /** The run's prefix: it starts every plugin `title`. */
  prefix: string;
}

const PLATFORMS = ['nt', 'android', 'web'] as const;

const PYTHON_RESERVED = new Set(
  'false none true and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self match case type'.split(
    ' ',
  ),
);

/** A Python identifier usable as an argument of `_run`. */
const argumentName = snakeWords({ min: 1, max: 2 }).filter(
  (name) => /^[a-z][a-z0-9_]*$/.test(name) && !PYTHON_RESERVED.has(name),
);

/** A JSON-Schema object for zero to three string, number or boolean arguments, as `parameters` takes it. */
const toolParameters: fc.Arbitrary<Record<string, unknown>> = fc
  .uniqueArray(
    fc.record({
      name: argumentName,
      type: fc.constantFrom('string', 'number', 'boolean'),
      description: fromFaker((f) => f.lorem.sentence()),
      required: fc.boolean(),
    }),
    { maxLength: 3, selector: (p) => p.name },
  )
  .map((params) => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, { type: p.type, description: p.description }])),
    required: params.filter((p) => p.required).map((p) => p.name),
  }));

function parameterNames(parameters: unknown): string[] {
  const properties = (parameters as { properties?: unknown } | undefined)?.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/** The Python body the document asks for: `def _run(self, ...)` with the schema's arguments. */
export function pythonRun(parameters: unknown): string {
  const names = parameterNames(parameters);
  const args = ['self', ...names].join(', ');
  const echoed = names.map((n) => `"${n}": ${n}`).join(', ');
  return `def _run(${args}):\n    return {${echoed}}\n`;
}

/** The tool schema shown to the model, as a JSON string, naming the plugin's function. */
function toolSchema(title: unknown, description: unknown, parameters: unknown): string {
  return JSON.stringify({
    name: typeof title === 'string' ? title : 'tool',
    description: typeof description === 'string' ? description : '',
    parameters: parameters ?? { type: 'object', properties: {} },
  });
}

const CODE_FIELDS = ['parameters', 'func_schema', 'func_run'] as const;

/**
 * `parameters`, `func_schema` and `func_run` describe one function, so they are made to agree:
 * when a body carries any of them it carries all three, consistent with each other.
 */
function coherentCode(
  body: Record<string, unknown>,
  fallback: { title?: string; description?: string },
): Record<string, unknown> {
  if (!CODE_FIELDS.some((field) => field in body)) return body;
  const parameters = body.parameters ?? { type: 'object', properties: {}, required: [] };
  const title = body.title ?? fallback.title;
  const description = body.ai_description ?? fallback.description;
  return {
    ...body,
    parameters,
    func_schema: toolSchema(title, description, parameters),
    func_run: pythonRun(parameters),
  };
}

function pluginHints(options: PluginGeneratorOptions): Record<string, fc.Arbitrary<unknown>> {
  return {
    title: snakeWords({ min: 1, max: 2 }).map((words) => `${options.prefix}_${words}`),
    name: fromFaker((f) => f.commerce.productName()),
    'tags[]': fromFaker((f) => f.word.noun()),
    'os[]': fc.constantFrom(...PLATFORMS),
    human_description: fromFaker((f) => f.company.catchPhrase()),
    ai_description: fromFaker(
      (f) => `Call it to ${f.hacker.verb()} the ${f.hacker.noun()}; it returns ${f.lorem.words(3)}.`,
    ),
    parameters: toolParameters,
    connection_url: realisticUrl(),
    logo: realisticImageUrl(),
    // The spec leaves `status` and `object` untyped; the document's default is {status: false, object: null}.
    is_agentic_tool: fc.record({ status: fc.boolean(), object: fc.constant(null) }),
  };
}

/**
 * Bodies for createPlugin, derived from components.schemas.PluginCreateBody: the twelve required
 * fields (with `false` and `[]` as likely as any value), any optional ones, and `connection_url`
 * whenever `authentication_required` is true (the schema's if/then). Stamp a fresh `title`
 * (identity.ts) before sending.
 */
export function pluginCreateBody(
  spec: Spec,
  options: PluginGeneratorOptions,
): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'PluginCreateBody'), { hints: pluginHints(options) }).map(
    (body) => coherentCode(body, {}),
  );
}

/**
 * Bodies for updatePlugin of the plugin `title`, derived from components.schemas.PluginUpdateBody:
 * any subset of the updatable fields, never a server-managed one.
 */
export function pluginUpdateBody(
  spec: Spec,
  options: PluginGeneratorOptions & { title: string; aiDescription?: string },
): fc.Arbitrary<Record<string, unknown>> {
  return objectFromSchema(componentSchema(spec, 'PluginUpdateBody'), {
    hints: { ...pluginHints(options), title: fc.constant(options.title) },
  }).map((body) => coherentCode(body, { title: options.title, description: options.aiDescription }));
}
