import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type Spec } from '../spec/openapi.ts';
import { componentSchema, forbiddenFields, requiredFields } from './component-schemas.ts';
import { draw } from './draw.ts';
import { uniqueSuffix, withFreshPersonaId, withFreshPluginTitle } from './identity.ts';
import { personaCreateBody, personaUpdateBody } from './persona.ts';
import { pluginCreateBody, pluginUpdateBody, pythonRun } from './plugin.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';

const PREFIX = 'cftest0000000abc123';
const VOICES = ['65f1a0c2b7e4d3a1c0f00001', '65f1a0c2b7e4d3a1c0f00002'];
const PLUGINS = ['aaaaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbbbb'];
const RUNS = 200;

let spec: Spec;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

function validator(name: string) {
  return ajv.compile(componentSchema(spec, name));
}

function explain(errors: unknown): string {
  return JSON.stringify(errors, null, 1);
}

beforeAll(async () => {
  spec = await loadSpec();
});

describe('arbitraryFromSchema', () => {
  it('keeps required keys, honours enums, patterns, lengths and exclusions', () => {
    const schema = {
      type: 'object',
      required: ['id', 'kind'],
      properties: {
        id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
        kind: { type: 'string', enum: ['a', 'b'] },
        short: { type: 'string', maxLength: 5 },
        title: { type: 'string', not: { enum: ['reserved'] } },
        flags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
      },
    };
    const validate = ajv.compile(schema);
    fc.assert(
      fc.property(arbitraryFromSchema(schema), (value) => {
        expect(validate(value), explain(validate.errors)).toBe(true);
        const flags = (value as { flags?: string[] }).flags ?? [];
        expect(new Set(flags).size, 'enum arrays hold distinct values').toBe(flags.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('adds what `then` requires whenever the object matches `if`', () => {
    const schema = {
      type: 'object',
      required: ['auth'],
      properties: { auth: { type: 'boolean' }, url: { type: 'string', format: 'uri' } },
      if: { required: ['auth'], properties: { auth: { const: true } } },
      then: { required: ['url'] },
    };
    fc.assert(
      fc.property(arbitraryFromSchema(schema), (value) => {
        const v = value as { auth: boolean; url?: string };
        if (v.auth) expect(typeof v.url).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });

  it('looks hints up by path, through allOf, array items and anyOf branches', () => {
    const schema = {
      type: 'object',
      required: ['voice', 'os', 'tags'],
      properties: {
        voice: { description: 'annotated', allOf: [{ type: 'string', pattern: '^[0-9a-f]{24}$' }] },
        os: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const arbitrary = arbitraryFromSchema(schema, {
      hints: {
        voice: fc.constant(VOICES[0]),
        os: fc.constant('web'),
        'os[]': fc.constant('nt'),
        'tags[]': fc.constant('t'),
      },
    });
    fc.assert(
      fc.property(arbitrary, (value) => {
        const v = value as { voice: string; os: string | string[]; tags: string[] };
        expect(v.voice).toBe(VOICES[0]);
        if (typeof v.os === 'string') expect(v.os).toBe('web');
        else expect(v.os.every((o) => o === 'nt')).toBe(true);
        expect(v.tags.every((t) => t === 't')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('generates required-by-option properties always, with their minimum length', () => {
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
    };
    fc.assert(
      fc.property(arbitraryFromSchema(schema, { require: ['list'], minItems: { list: 1 } }), (value) => {
        expect((value as { list: string[] }).list.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });

  it('never generates an omitted property', () => {
    const schema = {
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'boolean' }, b: { type: 'string' } },
    };
    fc.assert(
      fc.property(arbitraryFromSchema(schema, { omit: ['b'] }), (value) => {
        expect(Object.keys(value as object)).toEqual(['a']);
      }),
      { numRuns: 50 },
    );
  });
});

describe('assistant bodies', () => {
  it('createPersona bodies are valid against components.schemas.PersonaCreateBody', () => {
    const validate = validator('PersonaCreateBody');
    fc.assert(
      fc.property(
        personaCreateBody(spec, { prefix: PREFIX, voiceIds: VOICES, pluginIds: PLUGINS }),
        (body) => {
          expect(validate(body), explain(validate.errors)).toBe(true);
          expect(VOICES).toContain(body.voice);
          expect(String(body.customPersonaId)).toMatch(new RegExp(`^${PREFIX}-[a-z0-9-]+$`));
          expect(String(body.name).startsWith(`${PREFIX} `)).toBe(true);
          for (const email of (body.authorised_users_email as string[] | undefined) ?? [])
            expect(email).toMatch(/@example\.com$/);
          for (const id of (body.accessible_plugin as string[] | undefined) ?? [])
            expect(PLUGINS).toContain(id);
          expect(
            (body.os as string[]).length,
            'at least one platform, so every read can find it',
          ).toBeGreaterThan(0);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('draw every optional field sometimes and leave accessible_plugin out without plugin ids', () => {
    const seen = new Set<string>();
    for (const body of fc.sample(personaCreateBody(spec, { prefix: PREFIX, voiceIds: VOICES }), 300)) {
      for (const key of Object.keys(body)) seen.add(key);
    }
    const expected = Object.keys(componentSchema(spec, 'PersonaCreateBody').properties as object).filter(
      (k) => k !== 'accessible_plugin',
    );
    expect([...seen].sort()).toEqual(expected.sort());
  });

  it('updatePersona bodies are valid against components.schemas.PersonaUpdateBody and name the assistant', () => {
    const validate = validator('PersonaUpdateBody');
    fc.assert(
      fc.property(
        personaUpdateBody(spec, { prefix: PREFIX, voiceIds: VOICES, pluginIds: PLUGINS, personaId: 'p-1' }),
        (body) => {
          expect(validate(body), explain(validate.errors)).toBe(true);
          expect(body.personaId).toBe('p-1');
          const os = body.os;
          if (os !== undefined) {
            for (const o of Array.isArray(os) ? os : [os]) expect(['nt', 'android', 'web']).toContain(o);
            if (Array.isArray(os))
              expect(os.length, 'an os array never empties the platforms').toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuse to draw without a voice catalog', () => {
    expect(() => personaCreateBody(spec, { prefix: PREFIX, voiceIds: [] })).toThrow(/voice catalog/);
  });
});

describe('plugin bodies', () => {
  it('createPlugin bodies are valid against components.schemas.PluginCreateBody', () => {
    const validate = validator('PluginCreateBody');
    fc.assert(
      fc.property(pluginCreateBody(spec, { prefix: PREFIX }), (body) => {
        expect(validate(body), explain(validate.errors)).toBe(true);
        for (const field of requiredFields('PluginCreateBody')) expect(body).toHaveProperty(field);
        expect(String(body.title)).toMatch(new RegExp(`^${PREFIX}_[a-z0-9_]+$`));
        if (body.authentication_required === true) expect(typeof body.connection_url).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });

  it('describe one function: func_schema parses, names the parameters, and func_run defines _run with them', () => {
    fc.assert(
      fc.property(pluginCreateBody(spec, { prefix: PREFIX }), (body) => {
        const schema = JSON.parse(String(body.func_schema)) as { name: string; parameters: unknown };
        expect(schema.name).toBe(body.title);
        expect(schema.parameters).toEqual(body.parameters);
        const names = Object.keys((body.parameters as { properties: object }).properties);
        for (const name of names)
          expect(name, 'a Python argument name, not a keyword').toMatch(
            /^(?!(?:def|class|return|import|pass|self|lambda|None|True|False)$)[a-z][a-z0-9_]*$/,
          );
        expect(body.func_run).toBe(pythonRun(body.parameters));
        expect(String(body.func_run)).toMatch(
          new RegExp(`^def _run\\(self${names.map((n) => `, ${n}`).join('')}\\):`),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('send false and [] for required fields as often as other values', () => {
    const bodies = fc.sample(pluginCreateBody(spec, { prefix: PREFIX }), 300);
    expect(
      bodies.some(
        (b) => b.isPublic === false && b.isAnonymous === false && b.authentication_required === false,
      ),
    ).toBe(true);
    expect(bodies.some((b) => Array.isArray(b.tags) && b.tags.length === 0)).toBe(true);
    expect(bodies.some((b) => Array.isArray(b.os) && b.os.length === 0)).toBe(true);
  });

  it('updatePlugin bodies are valid against components.schemas.PluginUpdateBody and never carry a server-managed field', () => {
    const validate = validator('PluginUpdateBody');
    const managed = forbiddenFields('PluginUpdateBody');
    expect(managed.sort()).toEqual(['__v', '_id', 'appVersion', 'createdAt', 'status', 'userId']);
    fc.assert(
      fc.property(pluginUpdateBody(spec, { prefix: PREFIX, title: 'the_plugin' }), (body) => {
        expect(validate(body), explain(validate.errors)).toBe(true);
        expect(body.title).toBe('the_plugin');
        for (const field of managed) expect(body).not.toHaveProperty(field);
        if ('func_run' in body) expect(body.func_run).toBe(pythonRun(body.parameters));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('component tables', () => {
  it('read the twelve required plugin fields from the spec', () => {
    expect(requiredFields('PluginCreateBody')).toHaveLength(12);
    expect(requiredFields('PersonaCreateBody').sort()).toEqual([
      'customPersonaId',
      'isPublic',
      'name',
      'tags',
      'voice',
    ]);
  });
});

describe('identity', () => {
  it('stamps identities that never repeat and keep the prefix in front', () => {
    const body = draw(personaCreateBody(spec, { prefix: PREFIX, voiceIds: VOICES }));
    const ids = new Set(Array.from({ length: 100 }, () => String(withFreshPersonaId(body).customPersonaId)));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id.startsWith(`${PREFIX}-`)).toBe(true);
    const plugin = draw(pluginCreateBody(spec, { prefix: PREFIX }));
    expect(String(withFreshPluginTitle(plugin).title)).toMatch(
      new RegExp(`^${PREFIX}_[a-z0-9_]+_[a-z0-9]+$`),
    );
    expect(uniqueSuffix()).not.toBe(uniqueSuffix());
  });
});
