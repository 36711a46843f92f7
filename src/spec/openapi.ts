import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { derivedCached, parseYamlCached } from './yaml-cache.ts';
import { installedVersion, projectPath } from '../project-root.ts';

export const SPEC_PATH = projectPath('spec', 'openapi.yaml');

export type Module = 'assistants' | 'voices' | 'plugins' | 'knowledgeBase';
export type Level = 'view' | 'edit' | 'manage';
export const LEVELS: readonly Level[] = ['view', 'edit', 'manage'];
export const MODULES: readonly Module[] = ['assistants', 'voices', 'plugins', 'knowledgeBase'];

export interface Scope {
  module: Module;
  level: Level;
  destructive: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON Schema as it stands in the dereferenced document. */
export type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path template, e.g. `/kb/{kbId}/query`. */
  path: string;
  /** `listPersonas — POST /persona/enterprise/getAllPersonas/{sessionId}` */
  label: string;
  tag: string | undefined;
  scope: Scope;
  parameters: Parameter[];
  /** Request body schema by media type (`application/json` or `multipart/form-data`). */
  requestBody: Record<string, JsonSchema>;
  /** Response body schema by status code (`'200'`, `'403'`, ...); undefined where no JSON body is described. */
  responses: Record<string, JsonSchema | undefined>;
}

export interface Spec {
  document: Record<string, unknown>;
  version: string;
  operations: ReadonlyMap<string, Operation>;
  operation(operationId: string): Operation;
}

interface RawOperation {
  operationId?: string;
  tags?: string[];
  'x-scope'?: Scope;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function indexOperations(document: Record<string, unknown>): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const method of METHODS) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      if (!raw.operationId) throw new Error(`spec: ${method.toUpperCase()} ${path} has no operationId`);
      if (!raw['x-scope']) throw new Error(`spec: ${raw.operationId} has no x-scope`);
      const requestBody: Record<string, JsonSchema> = {};
      for (const [type, media] of Object.entries(raw.requestBody?.content ?? {})) {
        if (media.schema) requestBody[type] = media.schema;
      }
      const responses: Record<string, JsonSchema | undefined> = {};
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        responses[status] = response.content?.['application/json']?.schema;
      }
      const upper = method.toUpperCase() as HttpMethod;
      operations.set(raw.operationId, {
        operationId: raw.operationId,
        method: upper,
        path,
        label: `${raw.operationId} — ${upper} ${path}`,
        tag: raw.tags?.[0],
        scope: raw['x-scope'],
        parameters: [...shared, ...(raw.parameters ?? [])],
        requestBody,
        responses,
      });
    }
  }
  return operations;
}

/** The one success status the document gives the operation (201 for create base, 200 elsewhere). */
/**
 * Whether an operation changes something: anything a view-level key may not do (API.md: view is
 * "read: list and fetch"). Not the method: this API lists and searches with POST.
 */
export function isWrite(operation: Operation): boolean {
  return operation.scope.level !== 'view';
}

export function successStatus(operation: Operation): number {
  const statuses = Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 200 && status <= 299);
  if (statuses.length !== 1) {
    throw new Error(`spec: ${operation.operationId} documents ${statuses.length} success statuses, not one`);
  }
  return statuses[0] as number;
}

function makeSpec(document: Record<string, unknown>): Spec {
  const operations = indexOperations(document);
  const info = document.info as { version?: string } | undefined;
  return {
    document,
    version: info?.version ?? '',
    operations,
    operation(operationId) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`spec: no operation named ${operationId}`);
      return op;
    },
  };
}

let parsed: Readonly<Record<string, unknown>> | undefined;

/**
 * spec/openapi.yaml as parsed, with its $refs, once per process (a worker thread being a process of
 * its own here): the loaded spec, the operation index and the raw component schemas all start from
 * it, and parsing the file took a worker about 150 ms each time. Read only: copy before changing.
 */
export function parsedSpecDocument(): Readonly<Record<string, unknown>> {
  parsed ??= parseYamlCached(readFileSync(SPEC_PATH, 'utf8'), parse) as Record<string, unknown>;
  return parsed;
}

let cached: Promise<Spec> | undefined;

/**
 * Dereferences spec/openapi.yaml once per process, and once per content across processes
 * (derivedCached): the CLI and each worker thread of each run need it, and swagger-parser, loaded
 * only when the cache misses, costs every one of them its import and the walk. It is not validated
 * against OpenAPI here: the document is the suite's own, and openapi.test.ts validates it.
 */
export function loadSpec(): Promise<Spec> {
  cached ??= (async () => {
    const source = readFileSync(SPEC_PATH, 'utf8');
    // Keyed by the dereferencer's version too: an upgrade of it must not be served an old result.
    const kind = `dereferenced by swagger-parser ${installedVersion('@apidevtools/swagger-parser')}`;
    const document = (await derivedCached(kind, source, async () => {
      const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
      // The very text the key was made of; dereference() works in place, on a copy of its parse.
      const parsedSource = parseYamlCached(source, parse) as Record<string, unknown>;
      return SwaggerParser.dereference(structuredClone(parsedSource) as never);
    })) as Record<string, unknown>;
    return makeSpec(document);
  })();
  return cached;
}

/**
 * The operation index without validation or dereferencing, synchronously: for code that only
 * needs paths, methods and scopes (the reference server's scope table, the scope matrix).
 */
export function loadOperationIndexSync(): Map<string, Operation> {
  return indexOperations(parsedSpecDocument());
}
