import { describe, expect, it } from 'vitest';
import { AccountModel } from './model.ts';
import {
  assistantList,
  assistantSearch,
  combined,
  platformsOf,
  pluginList,
  pluginSearch,
} from './projection.ts';

/** #0 a private android tool, #1 a public android+web main agent, #2 a private nt+android tool. */
function assistants(): AccountModel {
  const model = new AccountModel();
  model.createAssistant('Conformance a-0 nameword', false, { title: 'Role titleword' });
  model.createAssistant('Conformance a-1 nameword', true, {
    title: 'Role titleword',
    os: ['android', 'web'],
    mainAgent: true,
  });
  model.createAssistant('Conformance a-2 nameword', false, {
    title: 'Role titleword',
    os: ['nt', 'android'],
  });
  return model;
}

const live = (projection: { live: Map<number, string> }) => Object.fromEntries(projection.live);

describe('the projection of the assistant list', () => {
  it('isPublic: private holds the own non-public ones (public ones open), public the public ones, all every one', () => {
    const model = assistants();
    expect(live(assistantList(model, { isPublic: 'private', os: 'android' }))).toEqual({
      0: 'present',
      1: 'open',
      2: 'present',
    });
    expect(live(assistantList(model, { isPublic: 'public', os: 'android' }))).toEqual({
      0: 'absent',
      1: 'present',
      2: 'absent',
    });
    expect(live(assistantList(model, { isPublic: 'all', os: 'android' }))).toEqual({
      0: 'present',
      1: 'present',
      2: 'present',
    });
  });

  it('isMainAgent: false leaves main agents out, true keeps them (tools open)', () => {
    const model = assistants();
    expect(live(assistantList(model, { isMainAgent: 'false', os: 'android' }))).toEqual({
      0: 'present',
      1: 'absent',
      2: 'present',
    });
    expect(live(assistantList(model, { isMainAgent: 'true', os: 'android' }))).toEqual({
      0: 'open',
      1: 'present',
      2: 'open',
    });
  });

  it('os: the default nt, comma-separated values, and an Origin header meaning every platform', () => {
    const model = assistants();
    expect(live(assistantList(model, {}))).toEqual({ 0: 'absent', 1: 'absent', 2: 'present' });
    expect(live(assistantList(model, { os: 'nt,web' }))).toEqual({ 0: 'absent', 1: 'present', 2: 'present' });
    expect(live(assistantList(model, { os: 'web', origin: true }))).toEqual({
      0: 'present',
      1: 'present',
      2: 'present',
    });
    expect(platformsOf(' nt, web ,')).toEqual(['nt', 'web']);
  });

  it('account B: none of A in its own list, A’s public ones in the catalog, A’s private ones nowhere', () => {
    const model = assistants();
    expect(live(assistantList(model, { isPublic: 'private', os: 'android' }, 'other'))).toEqual({
      0: 'absent',
      1: 'absent',
      2: 'absent',
    });
    expect(live(assistantList(model, { isPublic: 'public', os: 'android' }, 'other'))).toEqual({
      0: 'absent',
      1: 'present',
      2: 'absent',
    });
    expect(live(assistantList(model, { isPublic: 'all', os: 'android' }, 'other'))).toEqual({
      0: 'absent',
      1: 'open',
      2: 'absent',
    });
  });

  it('a deleted assistant is absent everywhere until its id is taken again; a transferred one is open', () => {
    const model = assistants();
    model.deleteAssistant(0);
    model.transferAssistant(2, false);
    const projection = assistantList(model, { os: 'android' });
    expect(Object.fromEntries(projection.deleted)).toEqual({ 0: 'absent' });
    expect(Object.fromEntries(projection.transferred)).toEqual({ 2: 'open' });
    const again = model.recreateAssistant(0, 'Conformance successor', false);
    expect(assistantList(model, { os: 'android' }).deleted.size).toBe(0);
    expect(assistantList(model, { os: 'android' }).live.get(again)).toBe('present');
    expect(model.coverage.get('IDS-06')).toBe(1);
    expect(() => model.recreateAssistant(0, 'x', false)).toThrow(/not deleted/);
  });
});

describe('the projection of the assistant search', () => {
  it('finds by the current name or title under the filters; a name no longer carrying the term is open', () => {
    const model = assistants();
    expect(live(assistantSearch(model, { search: 'titleword', os: 'android' }))).toEqual({
      0: 'present',
      1: 'present',
      2: 'present',
    });
    expect(live(assistantSearch(model, { search: 'nameword', isMainAgent: 'false', os: 'android' }))).toEqual(
      { 0: 'present', 1: 'absent', 2: 'present' },
    );
    // The default os is nt.
    expect(live(assistantSearch(model, { search: 'nameword' }))).toEqual({
      0: 'absent',
      1: 'absent',
      2: 'present',
    });
    model.updateAssistant(0, { name: 'Conformance renamed' });
    expect(model.assistant(0).formerNames).toEqual(['Conformance a-0 nameword']);
    expect(assistantSearch(model, { search: 'nameword', os: 'android' }).live.get(0)).toBe('open');
    expect(assistantSearch(model, { search: 'Conformance renamed', os: 'android' }).live.get(0)).toBe(
      'present',
    );
  });

  it('account B finds none of A’s private assistants', () => {
    const model = assistants();
    expect(live(assistantSearch(model, { search: 'nameword', os: 'android' }, 'other'))).toEqual({
      0: 'absent',
      1: 'open',
      2: 'absent',
    });
  });

  it('counts publishing and unpublishing', () => {
    const model = assistants();
    model.updateAssistant(0, { isPublic: true });
    model.updateAssistant(0, { isPublic: true });
    model.updateAssistant(1, { isPublic: false });
    expect([model.coverage.get('AS-UPDATE-10'), model.coverage.get('AS-CREATE-03')]).toEqual([1, 1]);
  });
});

const plugin = (isPublic: boolean, os: string[]) => ({
  name: 'Conformance word_sp0',
  human_description: 'Echoes (word_sp0).',
  isPublic,
  tags: ['conformance'],
  os,
  plaintexts: ['def _run(self): pass'],
});

describe('the projection of the plugin list and search', () => {
  it('isPublic, status and os as the document states them', () => {
    const model = new AccountModel();
    model.createPlugin(plugin(false, ['android']));
    model.createPlugin(plugin(true, ['android', 'web']));
    expect(live(pluginList(model, { isPublic: 'private' }))).toEqual({ 0: 'present', 1: 'open' });
    expect(live(pluginList(model, { isPublic: 'public' }))).toEqual({ 0: 'absent', 1: 'present' });
    expect(live(pluginList(model, {}))).toEqual({ 0: 'present', 1: 'present' });
    expect(live(pluginList(model, { os: 'web' }))).toEqual({ 0: 'absent', 1: 'present' });
    expect(live(pluginList(model, { status: 'approved' }))).toEqual({ 0: 'open', 1: 'open' });
    expect(live(pluginList(model, { isPublic: 'private' }, 'other'))).toEqual({ 0: 'absent', 1: 'absent' });
    expect(live(pluginList(model, { isPublic: 'public' }, 'other'))).toEqual({ 0: 'absent', 1: 'present' });
    expect(live(pluginList(model, { isPublic: 'all' }, 'other'))).toEqual({ 0: 'absent', 1: 'open' });
  });

  it('a field an update left unsent is not judged until an update sends it again', () => {
    const model = new AccountModel();
    const p = model.createPlugin(plugin(false, ['android']));
    model.updatePlugin(p, { name: 'Conformance renamed' });
    expect(live(pluginList(model, { isPublic: 'public' }))).toEqual({ 0: 'open' });
    expect(live(pluginList(model, { os: 'web' }))).toEqual({ 0: 'open' });
    expect(live(pluginSearch(model, { search: 'word_sp0' }))).toEqual({ 0: 'open' });
    model.rewritePlugin(p, {
      name: 'Conformance word_sp0 again',
      human_description: 'Echoes (word_sp0), rewritten.',
      isPublic: true,
      tags: ['conformance'],
      os: ['android'],
      func_run: 'def _run(self): return 1',
      func_schema: '{}',
    });
    expect(live(pluginList(model, { isPublic: 'public' }))).toEqual({ 0: 'present' });
    expect(live(pluginList(model, { os: 'web' }))).toEqual({ 0: 'absent' });
    expect(live(pluginSearch(model, { search: 'word_sp0', os: 'web' }))).toEqual({ 0: 'absent' });
    expect(live(pluginSearch(model, { search: 'word_sp0' }))).toEqual({ 0: 'present' });
    expect(model.plugin(p).plaintexts).toEqual(['def _run(self): pass', 'def _run(self): return 1', '{}']);
    expect([model.coverage.get('PL-SHAPE-15'), model.coverage.get('PL-LIST-12')]).toEqual([1, 1]);
  });

  it('a deleted plugin is absent from every catalog until its title is taken again', () => {
    const model = new AccountModel();
    const p = model.createPlugin(plugin(true, ['android']));
    model.deletePlugin(p);
    expect(Object.fromEntries(pluginList(model, {}, 'other').deleted)).toEqual({ 0: 'absent' });
    const again = model.recreatePlugin(p, plugin(false, ['android']));
    expect(pluginList(model, {}).deleted.size).toBe(0);
    expect(pluginList(model, {}).live.get(again)).toBe('present');
  });

  it('combines conditions: absent over open over present', () => {
    expect(combined('present', 'open', 'absent')).toBe('absent');
    expect(combined('present', 'open')).toBe('open');
    expect(combined('present')).toBe('present');
  });
});
