import { existsSync, readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEndpointTables, type EndpointRow } from './api-document.ts';
import { SAMPLE_VOICE } from '../testing/sample-voice.ts';
import { INPUT_RULE_KEYWORDS } from '../generate/input-rules.ts';
import {
  loadOperationIndexSync,
  loadSpec,
  SPEC_PATH,
  type JsonSchema,
  type Operation,
  type Spec,
} from './openapi.ts';

const REPOSITORY_ROOT = new URL('../../', import.meta.url);
const VENDORED_API_DOCUMENT = new URL('spec/API.md', REPOSITORY_ROOT);
// The team's shared copy sits beside the repository; absent in a standalone checkout.
const SHARED_API_DOCUMENT = new URL('../shared/API.md', REPOSITORY_ROOT);

interface RawResponse {
  $ref?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

interface RawOperation {
  operationId?: string;
  responses?: Record<string, RawResponse>;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
}

interface RawDocument {
  openapi: string;
  info: { version: string };
  servers: { url: string; variables?: Record<string, { default: string }> }[];
  security?: Record<string, unknown[]>[];
  paths: Record<string, Record<string, RawOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, RawResponse>;
    securitySchemes: Record<string, { type: string; scheme?: string }>;
  };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const TAGS = ['assistants', 'voices', 'plugins', 'knowledge-bases'];

const rawText = readFileSync(SPEC_PATH, 'utf8');
const raw = parse(rawText) as RawDocument;
const index = loadOperationIndexSync();
const operations = [...index.values()];
const tables = readEndpointTables(readFileSync(VENDORED_API_DOCUMENT, 'utf8'));

/** The `$ref` of an operation's JSON schema at `status` in the document as written, through a response $ref. */
function rawResponseSchemaRef(operationId: string, status: string): string | undefined {
  const operation = rawOperations().find((candidate) => candidate.operationId === operationId);
  let response = operation?.responses?.[status];
  const named = response?.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
  if (named !== undefined) response = raw.components.responses[named];
  return response?.content?.['application/json']?.schema?.$ref;
}

function rawOperations(): RawOperation[] {
  return Object.values(raw.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([key]) => HTTP_METHODS.includes(key))
      .map(([, operation]) => operation),
  );
}

function tableRowFor(operation: Operation): EndpointRow | undefined {
  return tables.endpoints.find((row) => row.method === operation.method && row.path === operation.path);
}

function successStatuses(operation: Operation): string[] {
  return Object.keys(operation.responses).filter((status) => status.startsWith('2'));
}

/** Every `additionalProperties: false` in the document, by JSON pointer. */
function closedObjects(node: unknown, pointer = ''): string[] {
  if (node === null || typeof node !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) found.push(pointer);
    found.push(...closedObjects(value, `${pointer}/${key}`));
  }
  return found;
}

describe('spec/openapi.yaml as a document', () => {
  it('passes SwaggerParser.validate', async () => {
    await expect(SwaggerParser.validate(structuredClone(raw) as never)).resolves.toBeDefined();
  });

  it('is OpenAPI 3.1.0 and declares interface version 1.0.0', () => {
    expect(raw.openapi).toBe('3.1.0');
    expect(raw.info.version).toBe('1.0.0');
  });

  it('has the server {base_url} whose default ends in /api/v1', () => {
    expect(raw.servers).toHaveLength(1);
    expect(raw.servers[0]?.url).toBe('{base_url}');
    expect(raw.servers[0]?.variables?.base_url?.default).toMatch(/\/api\/v1$/);
  });

  it('has exactly 31 operations with unique operationIds', () => {
    const ids = rawOperations().map((operation) => operation.operationId);
    expect(ids).toHaveLength(31);
    expect(new Set(ids).size).toBe(31);
    expect(index.size).toBe(31);
  });

  it('requires the bearer credential on every operation', () => {
    expect(raw.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(raw.security).toEqual([{ bearerAuth: [] }]);
    const overriding = rawOperations().filter((operation) => operation.security !== undefined);
    expect(overriding.map((operation) => operation.operationId)).toEqual([]);
  });

  it('tags, summarises and describes every operation', () => {
    for (const operation of rawOperations()) {
      expect(operation.tags, operation.operationId).toHaveLength(1);
      expect(TAGS, operation.operationId).toContain(operation.tags?.[0]);
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.description, operation.operationId).toBeTruthy();
    }
  });

  it('never closes an object with additionalProperties: false (the field lists are not complete)', () => {
    expect(closedObjects(raw)).toEqual([]);
  });

  it.each([
    'PersonaListItem',
    'PersonaSearchItem',
    'PersonaGetItem',
    'AttachedKb',
    'PersonaCreateBody',
    'PersonaUpdateBody',
    'Voice',
    'PluginListItem',
    'PluginGetItem',
    'PluginSearchItem',
    'PluginCreateBody',
    'PluginUpdateBody',
    'KnowledgeBase',
    'KnowledgeBaseDocument',
    'Attachment',
    'QueryResultItem',
    'AutoRefresh',
    'PersonaKnowledgeBase',
    'ScopeFailure',
    'Unauthorized401',
    'PersonaListResponse',
    'PluginListResponse',
    'IngestTextResponse',
  ])('defines the component schema %s', (name) => {
    expect(raw.components.schemas[name]).toBeDefined();
  });
});

describe('operations against the endpoint tables of the API document', () => {
  it('reads every endpoint table row of spec/API.md', () => {
    expect(tables.problems).toEqual([]);
    expect(tables.endpoints).toHaveLength(31);
  });

  it.each(tables.endpoints.map((row) => ({ ...row, label: `${row.method} ${row.path}` })))(
    '$label is one operation of the spec with x-scope $module:$level (destructive: $destructive)',
    (row) => {
      const matching = operations.filter(
        (operation) => operation.method === row.method && operation.path === row.path,
      );
      expect(matching).toHaveLength(1);
      expect(matching[0]?.scope).toEqual({
        module: row.module,
        level: row.level,
        destructive: row.destructive,
      });
    },
  );

  it.each(operations.map((operation) => ({ operation, label: operation.label })))(
    '$label appears in an endpoint table with its documented success status',
    ({ operation }) => {
      const row = tableRowFor(operation);
      expect(row, 'no endpoint table row has this method and path').toBeDefined();
      // "Success status is 200 unless stated."
      expect(successStatuses(operation)).toEqual([String(row?.success ?? 200)]);
    },
  );

  it('creating a knowledge base succeeds with 201 and every other operation with 200', () => {
    const by = (status: string) =>
      operations
        .filter((operation) => successStatuses(operation).includes(status))
        .map((operation) => operation.operationId);
    expect(by('201')).toEqual(['createKnowledgeBase']);
    expect(by('200')).toHaveLength(30);
  });
});

describe('spec/API.md is the API document verbatim', () => {
  const shared = existsSync(SHARED_API_DOCUMENT);
  it.skipIf(!shared)(
    shared
      ? 'is byte-identical to ../shared/API.md'
      : 'skipped: ../shared/API.md does not exist beside this repository',
    () => {
      expect(readFileSync(VENDORED_API_DOCUMENT).equals(readFileSync(SHARED_API_DOCUMENT))).toBe(true);
    },
  );
});

describe('parameters and request bodies', () => {
  it.each(operations.map((operation) => ({ operation, label: operation.label })))(
    '$label declares exactly the parameters of its path template, each required',
    ({ operation }) => {
      const inTemplate = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = operation.parameters.filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort()).toEqual(inTemplate);
      for (const parameter of declared) expect(parameter.required, parameter.name).toBe(true);
      for (const parameter of operation.parameters) expect(parameter.schema, parameter.name).toBeDefined();
    },
  );

  it('uploads a file as multipart/form-data with a required file part and an optional title', async () => {
    const spec = await loadSpec();
    const upload = spec.operation('uploadFile').requestBody;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    const form = upload['multipart/form-data'] as {
      required?: string[];
      properties?: Record<string, JsonSchema>;
    };
    expect(form.required).toEqual(['file']);
    expect(form.properties?.file).toMatchObject({ type: 'string' });
    expect(form.properties?.title).toMatchObject({ type: 'string' });
  });

  it('every other request body is JSON', () => {
    const mediaTypes = operations
      .filter((operation) => operation.operationId !== 'uploadFile')
      .flatMap((operation) => Object.keys(operation.requestBody));
    expect(new Set(mediaTypes)).toEqual(new Set(['application/json']));
  });
});

interface Sample {
  name: string;
  operationId: string;
  status: string;
  body: unknown;
}

// Hand-written from the API document; identifiers are made up but well-formed.
const PERSONA_OID = '665f1c2ab4d5e6f708192a3b';
const VOICE_OID = '64b7e0c1d2e3f4a5b6c7d8e9';
const PLUGIN_OID = '6601a2b3c4d5e6f7a8b9c0d1';
const KB_ID = '3f1e2d4c-5b6a-4789-8a0b-1c2d3e4f5a6b';
const DOC_ID = '9b2c7d1e-0f3a-4b5c-8d6e-7f8a9b0c1d2e';
const CREATED_AT = '2026-11-21T10:00:00.000Z';

const attachedKb = { kbId: KB_ID, enabled: true, grounding_mode: 'supplemental' };
const personaListItem = {
  _id: PERSONA_OID,
  customPersonaId: 'support-bot',
  name: 'Support',
  title: 'Answers customer questions',
  isPublic: false,
  voice: VOICE_OID,
  os: ['nt'],
  Is_main_agent: true,
  attached_kbs: [attachedKb],
  createdAt: CREATED_AT,
};
const { createdAt: _omitted, ...personaListItemWithoutCreatedAt } = personaListItem;
const personaGetItem = {
  _id: PERSONA_OID,
  customPersonaId: 'support-bot',
  name: 'Support',
  base_sys_prompt: 'You are a helpful support agent.',
  voice: VOICE_OID,
  accessible_plugin: [PLUGIN_OID],
  attached_kbs: [attachedKb],
};
const personaPage = { allPersonas: [personaListItem], totalPersonas: 1, currentPage: 1, totalPages: 1 };
const voice = { ...SAMPLE_VOICE, _id: VOICE_OID };
const pluginListItem = {
  _id: PLUGIN_OID,
  title: 'weather_lookup',
  name: 'Weather lookup',
  tags: ['weather'],
  isPublic: true,
  creator: 'Dana',
  os: ['nt', 'web'],
  func_run: 'U2FsdGVkX1+encrypted',
};
const pluginPage = {
  totalPlugins: 1,
  totalPages: 1,
  currentPage: 1,
  plugin: [pluginListItem],
  tags: ['weather'],
};
const autoRefreshOff = { enabled: false, intervalDays: 3, lastRefreshedAt: null, nextRefreshAt: null };
const knowledgeBase = {
  kbId: KB_ID,
  name: 'Handbook',
  description: '',
  docsCount: 1,
  totalSize: 2048,
  liveSourcesCount: 0,
  autoRefresh: autoRefreshOff,
  createdAt: CREATED_AT,
  shared: false,
};
const vectorIngest = { status: 'ok', docId: DOC_ID, chunksCreated: 3, title: 'Returns policy', kbId: KB_ID };
const inlineIngest = {
  status: 'ok',
  docId: DOC_ID,
  mode: 'inline',
  inlineChars: 812,
  digestMethod: 'none',
  crawledChars: 812,
  title: 'Opening hours',
  kbId: KB_ID,
};
const attachBase = {
  status: 'ok',
  kbId: KB_ID,
  personaId: 'support-bot',
  grounding_mode: 'strict',
  enabled: true,
};
const scopeDenied = {
  auth: false,
  success: false,
  code: 'scope_denied',
  module: 'knowledgeBase',
  required: 'manage',
  held: 'edit',
  message: 'this key holds edit on knowledgeBase; manage is required',
};
const ALL_PLUGIN_FIELDS =
  'title, name, tags, authentication_required, os, human_description, ai_description, parameters, func_schema, func_run, isPublic, isAnonymous are required';

const validSamples: Sample[] = [
  {
    name: 'an assistant list page without status',
    operationId: 'listPersonas',
    status: '200',
    body: personaPage,
  },
  {
    name: 'an assistant search page with a boolean status',
    operationId: 'searchPersonas',
    status: '200',
    body: {
      status: true,
      allPersonas: [{ _id: PERSONA_OID, customPersonaId: 'support-bot', name: 'Support' }],
      totalPersonas: 1,
      currentPage: 1,
      totalPages: 1,
    },
  },
  {
    name: 'an assistant get with a boolean status',
    operationId: 'getPersona',
    status: '200',
    body: { status: true, personaData: personaGetItem },
  },
  {
    name: 'an assistant create',
    operationId: 'createPersona',
    status: '200',
    body: { status: true, message: 'persona created' },
  },
  {
    name: 'the duplicate-assistant 404',
    operationId: 'createPersona',
    status: '404',
    body: { status: false, message: 'persona already exists with customPersonaId support-bot' },
  },
  {
    name: 'the unauthorized-user 400 of an assistant update',
    operationId: 'updatePersona',
    status: '400',
    body: { status: false, message: 'unauthorized user' },
  },
  {
    name: 'a share token',
    operationId: 'sharePersona',
    status: '200',
    body: { status: true, message: 'token created', data: 'con_sh_4f9a2b' },
  },
  {
    name: 'a transfer that keeps access, with a note',
    operationId: 'transferOwnership',
    status: '200',
    body: { status: true, message: 'ownership transferred', note: 'you remain an editor' },
  },
  {
    name: 'the voice catalog',
    operationId: 'listVoices',
    status: '200',
    body: { status: true, message: 'voices', data: [voice] },
  },
  {
    name: 'a plugin list page under the key plugin',
    operationId: 'listPlugins',
    status: '200',
    body: pluginPage,
  },
  {
    name: 'the empty plugin list',
    operationId: 'listPlugins',
    status: '200',
    body: { status: 'true', message: 'no plugins found', tags: [] },
  },
  {
    name: 'a plugin search page',
    operationId: 'searchPlugins',
    status: '200',
    body: {
      totalPlugins: 1,
      totalPages: 1,
      currentPage: 1,
      plugin: [{ _id: PLUGIN_OID, title: 'weather_lookup' }],
      tags: [],
    },
  },
  {
    name: 'a plugin get with status "true"',
    operationId: 'getPlugin',
    status: '200',
    body: {
      status: 'true',
      plugin: {
        _id: PLUGIN_OID,
        title: 'weather_lookup',
        name: 'Weather lookup',
        human_description: 'Looks up the weather',
        isPublic: true,
        isOwner: true,
      },
    },
  },
  {
    name: 'the missing-field 404 of plugin create',
    operationId: 'createPlugin',
    status: '404',
    body: { status: false, message: ALL_PLUGIN_FIELDS },
  },
  {
    name: 'the Invalid Body 404 of plugin update',
    operationId: 'updatePlugin',
    status: '404',
    body: { status: false, message: 'Invalid Body' },
  },
  {
    name: 'a plugin delete',
    operationId: 'deletePlugin',
    status: '200',
    body: { status: true, message: 'plugin deleted' },
  },
  {
    name: 'the knowledge-base list',
    operationId: 'listKnowledgeBases',
    status: '200',
    body: { status: 'ok', kbs: [knowledgeBase] },
  },
  {
    name: 'a knowledge-base create',
    operationId: 'createKnowledgeBase',
    status: '201',
    body: { status: 'ok', kbId: KB_ID, name: 'Handbook', description: '' },
  },
  { name: 'a vector-tier text ingest', operationId: 'ingestText', status: '200', body: vectorIngest },
  { name: 'an inline-tier text ingest', operationId: 'ingestText', status: '200', body: inlineIngest },
  {
    name: 'a URL ingest',
    operationId: 'ingestUrl',
    status: '200',
    body: {
      status: 'ok',
      docId: DOC_ID,
      mode: 'vector',
      chunksCreated: 2,
      title: 'Pricing',
      url: 'http://127.0.0.1:9000/pricing.html',
      kbId: KB_ID,
    },
  },
  {
    name: 'the document list',
    operationId: 'listDocuments',
    status: '200',
    body: {
      status: 'ok',
      kbId: KB_ID,
      documents: [
        {
          docId: DOC_ID,
          title: 'Returns policy',
          source: 'manual',
          mimeType: 'text/plain',
          chunksCount: 3,
          fileSize: 1200,
          mode: 'vector',
          createdAt: CREATED_AT,
        },
      ],
    },
  },
  {
    name: 'a query result',
    operationId: 'queryKnowledgeBase',
    status: '200',
    body: {
      status: 'ok',
      kbId: KB_ID,
      results: [
        {
          text: 'Returns within 30 days.',
          score: 0.82,
          docTitle: 'Returns policy',
          docId: DOC_ID,
          chunkIndex: 0,
        },
      ],
    },
  },
  {
    name: 'the bases of an assistant',
    operationId: 'listPersonaKnowledgeBases',
    status: '200',
    body: {
      status: 'ok',
      personaId: 'support-bot',
      kbs: [{ ...attachedKb, name: 'Handbook', description: '', docsCount: 1, totalSize: 2048 }],
    },
  },
  {
    name: 'a new attachment',
    operationId: 'attachKnowledgeBase',
    status: '200',
    body: { ...attachBase, attached: true },
  },
  {
    name: 'a repeated attach that updates',
    operationId: 'attachKnowledgeBase',
    status: '200',
    body: { ...attachBase, updated: true },
  },
  {
    name: 'a re-crawl now',
    operationId: 'refreshNow',
    status: '200',
    body: {
      status: 'ok',
      kbId: KB_ID,
      refreshedDocs: 1,
      autoRefresh: {
        enabled: true,
        intervalDays: 3,
        lastRefreshedAt: CREATED_AT,
        nextRefreshAt: '2026-11-24T10:00:00.000Z',
      },
      message: 'refresh queued',
    },
  },
  {
    name: 'a scope_denied 403 naming module, required and held',
    operationId: 'deleteKnowledgeBase',
    status: '403',
    body: scopeDenied,
  },
  {
    name: 'a route_forbidden 403 without module, required and held',
    operationId: 'listKnowledgeBases',
    status: '403',
    body: { auth: false, success: false, code: 'route_forbidden', message: 'legacy keys cannot reach /kb' },
  },
  {
    name: 'a 401 with the message invalid bearer token',
    operationId: 'listVoices',
    status: '401',
    body: { message: 'invalid bearer token' },
  },
];

const invalidSamples: Sample[] = [
  {
    name: 'an assistant get whose status is the string "true"',
    operationId: 'getPersona',
    status: '200',
    body: { status: 'true', personaData: personaGetItem },
  },
  {
    name: 'an assistant list carrying a status field',
    operationId: 'listPersonas',
    status: '200',
    body: { status: true, ...personaPage },
  },
  {
    name: 'an assistant list without allPersonas or a total',
    operationId: 'listPersonas',
    status: '200',
    body: { currentPage: 1, totalPages: 0 },
  },
  {
    name: 'an assistant list item without createdAt',
    operationId: 'listPersonas',
    status: '200',
    body: { ...personaPage, allPersonas: [personaListItemWithoutCreatedAt] },
  },
  {
    name: 'an assistant search without status',
    operationId: 'searchPersonas',
    status: '200',
    body: { allPersonas: [], totalPersonas: 0, currentPage: 1, totalPages: 0 },
  },
  {
    name: 'a share token not beginning con_sh_',
    operationId: 'sharePersona',
    status: '200',
    body: { status: true, message: 'ok', data: 'svc_ai_123' },
  },
  {
    name: 'a duplicate-assistant 404 with another message',
    operationId: 'createPersona',
    status: '404',
    body: { message: 'duplicate persona' },
  },
  {
    name: 'a voice whose voice_sample_uri is not a URL',
    operationId: 'listVoices',
    status: '200',
    body: { status: true, message: 'voices', data: [{ ...voice, voice_sample_uri: 'ava sample' }] },
  },
  {
    name: 'a plugin list with plugins instead of plugin and no message',
    operationId: 'listPlugins',
    status: '200',
    body: { totalPlugins: 1, totalPages: 1, currentPage: 1, plugins: [pluginListItem], tags: [] },
  },
  {
    name: 'an empty plugin result that still carries plugin',
    operationId: 'listPlugins',
    status: '200',
    body: { status: 'true', message: 'no plugins found', tags: [], plugin: [] },
  },
  {
    name: 'a plugin get whose status is the boolean true',
    operationId: 'getPlugin',
    status: '200',
    body: {
      status: true,
      plugin: {
        _id: PLUGIN_OID,
        title: 'weather_lookup',
        name: 'Weather lookup',
        human_description: 'x',
        isPublic: true,
        isOwner: true,
      },
    },
  },
  {
    name: 'a knowledge-base list whose status is boolean',
    operationId: 'listKnowledgeBases',
    status: '200',
    body: { status: true, kbs: [knowledgeBase] },
  },
  {
    name: 'a knowledge-base create without kbId',
    operationId: 'createKnowledgeBase',
    status: '201',
    body: { status: 'ok', name: 'Handbook', description: '' },
  },
  {
    name: 'a text ingest of neither tier',
    operationId: 'ingestText',
    status: '200',
    body: { status: 'ok', docId: DOC_ID, title: 'Returns policy', kbId: KB_ID },
  },
  {
    name: 'an inline-tier text ingest that also reports chunksCreated',
    operationId: 'ingestText',
    status: '200',
    body: { ...inlineIngest, chunksCreated: 1 },
  },
  {
    name: 'an attach reporting both attached and updated',
    operationId: 'attachKnowledgeBase',
    status: '200',
    body: { ...attachBase, attached: true, updated: true },
  },
  {
    name: 'a query result with a fractional chunkIndex',
    operationId: 'queryKnowledgeBase',
    status: '200',
    body: {
      status: 'ok',
      kbId: KB_ID,
      results: [{ text: 't', score: 0.5, docTitle: 'd', docId: DOC_ID, chunkIndex: 1.5 }],
    },
  },
  {
    name: 'a document delete with deleted: false',
    operationId: 'deleteDocument',
    status: '200',
    body: { status: 'ok', deleted: false, docId: DOC_ID, kbId: KB_ID },
  },
  {
    name: 'a scope_denied 403 without module, required and held',
    operationId: 'deleteKnowledgeBase',
    status: '403',
    body: { auth: false, success: false, code: 'scope_denied', message: 'denied' },
  },
];

describe('response schemas', () => {
  let spec: Spec;
  const warnings: string[] = [];
  // Strict mode (ajv's default) so that a keyword ajv would ignore or misread shows up here.
  const ajv = new Ajv2020({
    allErrors: true,
    logger: {
      log: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args.join(' ')),
      error: (...args: unknown[]) => warnings.push(args.join(' ')),
    },
  });
  addFormats.default(ajv);
  // The input-rule annotations (src/generate/input-rules.ts) are the suite's, not validation keywords.
  for (const keyword of INPUT_RULE_KEYWORDS) ajv.addKeyword(keyword);

  beforeAll(async () => {
    spec = await loadSpec();
  });

  function validator(operationId: string, status: string): ValidateFunction {
    const schema = spec.operation(operationId).responses[status];
    if (!schema) throw new Error(`${operationId} has no JSON schema for ${status}`);
    return ajv.compile(schema);
  }

  it.each(operations.map((operation) => ({ id: operation.operationId, label: operation.label })))(
    '$label documents 401 with the loose Unauthorized401 body and 403 with ScopeFailure',
    ({ id }) => {
      // The document refers to the components ($ref), and the loaded spec carries them.
      expect(rawResponseSchemaRef(id, '401')).toBe('#/components/schemas/Unauthorized401');
      expect(rawResponseSchemaRef(id, '403')).toBe('#/components/schemas/ScopeFailure');
      const schemas = (spec.document.components as { schemas: Record<string, JsonSchema> }).schemas;
      const responses = spec.operation(id).responses;
      expect(responses['401']).toEqual(schemas.Unauthorized401);
      expect(responses['403']).toEqual(schemas.ScopeFailure);
    },
  );

  it('every schema compiles under ajv strict mode without warnings', () => {
    for (const operation of spec.operations.values()) {
      const schemas = [
        ...Object.values(operation.responses),
        ...Object.values(operation.requestBody),
        ...operation.parameters.map((parameter) => parameter.schema),
      ];
      for (const schema of schemas) if (schema) ajv.compile(schema);
    }
    expect(warnings).toEqual([]);
  });

  it('every success response has a JSON body schema', () => {
    for (const operation of spec.operations.values()) {
      for (const status of successStatuses(operation))
        expect(operation.responses[status], operation.label).toBeDefined();
    }
  });

  it.each(['getPersona', 'createPersona', 'transferOwnership', 'attachKnowledgeBase', 'createPlugin'])(
    '%s documents a 400 whose message the document does not state, so without a body schema',
    (id) => {
      const responses = spec.operation(id).responses;
      expect(Object.keys(responses)).toContain('400');
      expect(responses['400']).toBeUndefined();
    },
  );

  it('PersonaCountResponse (ret=count, body not shown) accepts a bare total or an object without allPersonas', () => {
    const schemas = (spec.document.components as { schemas: Record<string, JsonSchema> }).schemas;
    const validate = ajv.compile(schemas.PersonaCountResponse as JsonSchema);
    expect(validate({ totalPersonas: 4 })).toBe(true);
    expect(validate(4)).toBe(true);
    expect(validate({ allPersonas: [], totalPersonas: 0 })).toBe(false);
  });

  it.each(validSamples)('accepts $name', ({ operationId, status, body }) => {
    const validate = validator(operationId, status);
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
  });

  it.each(invalidSamples)('rejects $name', ({ operationId, status, body }) => {
    expect(validator(operationId, status)(body)).toBe(false);
  });
});
