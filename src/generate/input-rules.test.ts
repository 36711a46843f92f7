import { describe, expect, it } from 'vitest';
import { loadOperationIndexSync, type Operation } from '../spec/openapi.ts';
import { loadCatalog } from '../spec/requirements.ts';
import { EXCLUDED_OPERATIONS, inputRuleCases, textOfLength, SCRIPTS, type InputCase } from './input-rules.ts';

const cases = inputRuleCases();
const of = (id: string): InputCase | undefined => cases.find((c) => c.id === id);
const where = (operationId: string, field: string): InputCase[] =>
  cases.filter((c) => c.operationId === operationId && c.field === field);

describe('input rules derived from spec/openapi.yaml', () => {
  it('gives every case a unique id and at least one requirement of the catalog', () => {
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const known = new Set(loadCatalog().requirements.map((r) => r.id));
    for (const rule of cases) {
      expect(rule.requirements.length, rule.id).toBeGreaterThan(0);
      for (const id of rule.requirements) expect(known.has(id), `${rule.id} cites ${id}`).toBe(true);
    }
  });

  it('covers every operation with a body, and every paged route, but the excluded ones', () => {
    const covered = new Set(cases.map((c) => c.operationId));
    for (const operation of loadOperationIndexSync().values()) {
      const ruled =
        operation.requestBody['application/json'] !== undefined ||
        operation.requestBody['multipart/form-data'] !== undefined ||
        operation.parameters.some((p) => p.name === 'limit');
      expect(covered.has(operation.operationId), operation.operationId).toBe(
        ruled && !(operation.operationId in EXCLUDED_OPERATIONS),
      );
    }
  });

  it('writes lengths in characters: each script at exactly the length, accented and CJK wider in bytes, padded with spaces', () => {
    for (const script of SCRIPTS) expect(textOfLength(script, 2100)).toHaveLength(2100);
    expect(Buffer.byteLength(textOfLength('accented', 2100))).toBeGreaterThan(2100);
    expect(Buffer.byteLength(textOfLength('cjk', 2100))).toBeGreaterThan(
      Buffer.byteLength(textOfLength('accented', 2100)),
    );
    expect(textOfLength('accented', 50)).toContain('\u00e9');
    expect(textOfLength('padded', 10)).toMatch(/^ \S+ $/);
  });

  it('judges personality at 2,100 characters (accepted) and 2,101 (a 400) in every script, on create only', () => {
    for (const script of SCRIPTS) {
      expect(of(`createPersona.personality.at-limit.${script}`)?.stated).toEqual({ kind: 'accepted' });
      const past = of(`createPersona.personality.past-limit.${script}`);
      expect(past?.stated).toEqual({ kind: 'refused', status: 400 });
      expect(past?.requirements).toEqual(expect.arrayContaining(['LIM-04', 'AS-CREATE-14']));
      expect((past?.value as string).length).toBe(2101);
    }
    expect(where('updatePersona', 'personality')).toEqual([]);
  });

  it('carries the android prompt cap to update, where its answer is not stated', () => {
    const create = of('createPersona.base_sys_prompt.past-limit.cjk');
    expect(create?.stated).toEqual({ kind: 'truncated', length: 5000 });
    expect(create?.context).toEqual({ os: ['android'] });
    const update = of('updatePersona.base_sys_prompt.past-limit.cjk');
    expect(update?.stated).toBeUndefined();
    expect(update?.context).toEqual({ os: ['android'] });
    expect(update?.requirements).toEqual(['AS-UPDATE-04']);
  });

  it('states what leaving out a required field gets: isPublic a 400, each plugin field a 404 naming it', () => {
    expect(of('createPersona.isPublic.missing')?.stated).toEqual({ kind: 'refused', status: 400 });
    expect(of('createPersona.name.missing')?.stated).toEqual({ kind: 'refused' });
    const plugin = cases.filter((c) => c.operationId === 'createPlugin' && c.ruleClass === 'missing');
    expect(plugin).toHaveLength(12);
    for (const rule of plugin)
      expect(rule.stated).toEqual({ kind: 'refused', status: 404, names: rule.field });
    expect(of('ingestText.title.missing')?.stated).toBeUndefined();
  });

  it('sends each server-managed field alone to plugin update (404 Invalid Body) and each reserved title to create', () => {
    const forbidden = cases.filter((c) => c.ruleClass === 'forbidden');
    expect(forbidden.map((c) => c.field).sort()).toEqual([
      '__v',
      '_id',
      'appVersion',
      'createdAt',
      'status',
      'userId',
    ]);
    for (const rule of forbidden)
      expect(rule.stated).toEqual({ kind: 'refused', status: 404, message: 'Invalid Body' });
    expect(cases.filter((c) => c.ruleClass === 'reserved').map((c) => c.value)).toEqual([
      'browser_search',
      'code_interpreter',
    ]);
  });

  it('tries each allowed value and one outside, an update os also as a bare string', () => {
    const values = where('updatePersona', 'os');
    expect(values.filter((c) => c.ruleClass === 'enum-value').map((c) => c.value)).toEqual([
      ['nt'],
      ['android'],
      ['web'],
    ]);
    expect(values.filter((c) => c.ruleClass === 'enum-outside').map((c) => c.value)).toEqual([
      ['unlisted'],
      'unlisted',
    ]);
    expect(where('attachKnowledgeBase', 'grounding_mode').map((c) => c.value)).toEqual([
      42,
      'strict',
      'supplemental',
      'unlisted',
    ]);
  });

  it('caps every query case at the topK maximum and sends it above the maximum as text', () => {
    const topK = where('queryKnowledgeBase', 'topK');
    expect(topK.map((c) => c.value)).toEqual(['21', 20, 21]);
    for (const rule of topK) expect(rule.cap).toEqual({ max: 20, requirements: ['KB-QUERY-10', 'LIM-08'] });
  });

  it('uploads each type the document lists (judged) and an image and an archive (observed)', () => {
    const types = cases.filter((c) => c.ruleClass === 'file-type');
    expect(types.map((c) => [c.value, c.stated?.kind])).toEqual([
      ['PDF', 'accepted'],
      ['DOCX', 'accepted'],
      ['TXT', 'accepted'],
      ['MD', 'accepted'],
      ['PNG', undefined],
      ['ZIP', undefined],
    ]);
  });

  it('gives every paged route a page of one (judged) and the page sizes the document leaves open', () => {
    const sizes = cases.filter((c) => c.ruleClass === 'page-size');
    expect([...new Set(sizes.map((c) => c.operationId))]).toEqual([
      'listPersonas',
      'searchPersonas',
      'listPlugins',
      'searchPlugins',
    ]);
    for (const rule of sizes)
      expect(rule.stated).toEqual(rule.value === 1 ? { kind: 'page', limit: 1 } : undefined);
  });

  it('gives a new field its cases without anything else', () => {
    const operation: Operation = {
      ...(loadOperationIndexSync().get('createKnowledgeBase') as Operation),
      operationId: 'createThing',
      requestBody: {
        'application/json': {
          type: 'object',
          required: ['colour'],
          properties: { colour: { type: 'string', enum: ['red', 'blue'], 'x-requirement': 'KB-BASE-19' } },
        },
      },
    };
    expect(inputRuleCases([operation]).map((c) => c.id)).toEqual([
      'createThing.colour.wrong-type',
      'createThing.colour.missing',
      'createThing.colour.enum-value.red',
      'createThing.colour.enum-value.blue',
      'createThing.colour.enum-outside',
    ]);
  });
});
