import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AccountModel, addCoverage, ATTACH_DEFAULTS, picked, TRANSITIONS, type Transition } from './model.ts';

/** A model with one assistant and `bases` bases, numbered from 0. */
function withBases(bases: number): AccountModel {
  const model = new AccountModel();
  model.createAssistant('Helper', false);
  for (let n = 0; n < bases; n += 1) model.createBase();
  return model;
}

/** Attaches base `b` to assistant `a` the way a command does: the first allowed value of each field. */
function attach(model: AccountModel, a: number, b: number, body = {}) {
  const outcome = model.attachOutcome(a, b, body);
  model.attach(
    a,
    b,
    outcome.kind === 'refused'
      ? undefined
      : { enabled: outcome.allowed.enabled[0]!, grounding_mode: outcome.allowed.grounding_mode[0]! },
  );
  return outcome;
}

/** A plugin as the create body of a command makes it. */
const plugin = (name = 'Echo') => ({
  name,
  human_description: 'Echoes its argument.',
  isPublic: false,
  tags: ['conformance'],
  os: ['nt'],
});

const doc = (marker: string, tier: 'vector' | 'inline' = 'vector', chunks = 2) => ({ tier, chunks, marker });

describe('the attachment state table', () => {
  it('a first attach is attached with the documented defaults for the fields left out', () => {
    const model = withBases(1);
    expect(model.attachOutcome(0, 0, {})).toEqual({
      kind: 'attached',
      allowed: { enabled: [true], grounding_mode: ['supplemental'] },
    });
    expect(model.attachOutcome(0, 0, { enabled: false, grounding_mode: 'strict' })).toEqual({
      kind: 'attached',
      allowed: { enabled: [false], grounding_mode: ['strict'] },
    });
  });

  it('attaching an attached base again is an update; a field left out may keep its value or take the default', () => {
    const model = withBases(1);
    attach(model, 0, 0, { enabled: false, grounding_mode: 'strict' });
    expect(model.attachOutcome(0, 0, {})).toEqual({
      kind: 'updated',
      allowed: { enabled: [false, true], grounding_mode: ['strict', 'supplemental'] },
    });
    expect(model.attachOutcome(0, 0, { enabled: true })).toEqual({
      kind: 'updated',
      allowed: { enabled: [true], grounding_mode: ['strict', 'supplemental'] },
    });
    // Where the value held is the default, only the default is possible.
    attach(model, 0, 0, { enabled: true, grounding_mode: 'supplemental' });
    expect(model.attachOutcome(0, 0, {})).toMatchObject({
      allowed: { enabled: [true], grounding_mode: ['supplemental'] },
    });
  });

  it('a fourth base is refused and changes nothing; three attached may still be attached again', () => {
    const model = withBases(4);
    for (const b of [0, 1, 2]) expect(attach(model, 0, b).kind).toBe('attached');
    expect(attach(model, 0, 3)).toEqual({ kind: 'refused' });
    expect([...model.assistant(0).attachments.keys()]).toEqual([0, 1, 2]);
    expect(model.attachOutcome(0, 1, {}).kind).toBe('updated');
  });

  it('a detach frees a place for another base', () => {
    const model = withBases(4);
    for (const b of [0, 1, 2]) attach(model, 0, b);
    model.detach(0, 1);
    expect(model.isAttached(0, 1)).toBe(false);
    expect(attach(model, 0, 3).kind).toBe('attached');
  });

  it('the limit is per assistant', () => {
    const model = withBases(4);
    model.createAssistant('Other', false);
    for (const b of [0, 1, 2]) attach(model, 0, b);
    expect(attach(model, 1, 3).kind).toBe('attached');
  });

  it('a patch changes the fields sent and keeps the others', () => {
    const model = withBases(1);
    attach(model, 0, 0, { grounding_mode: 'strict' });
    expect(model.patchAttachment(0, 0, { enabled: false })).toEqual({
      enabled: false,
      grounding_mode: 'strict',
    });
    expect(model.patchAttachment(0, 0, { grounding_mode: 'supplemental' })).toEqual({
      enabled: false,
      grounding_mode: 'supplemental',
    });
    expect(model.patchAttachment(0, 0, {})).toEqual({ enabled: false, grounding_mode: 'supplemental' });
  });

  it('patch and detach of a base that is not attached are the model’s own error, not a transition', () => {
    const model = withBases(1);
    expect(() => model.patchAttachment(0, 0, {})).toThrow(/not attached/);
    expect(() => model.detach(0, 0)).toThrow(/not attached/);
    expect(model.coverage.size).toBe(0);
  });

  it('deleting the assistant takes its attachments; the bases remain', () => {
    const model = withBases(2);
    attach(model, 0, 0);
    attach(model, 0, 1);
    expect(model.deleteAssistant(0)).toEqual([0, 1]);
    expect(model.assistants.has(0)).toBe(false);
    expect([...model.bases.keys()]).toEqual([0, 1]);
    expect(model.coverage.get('KB-ATTACH-12')).toBe(2);
  });

  it('deleting a base removes it from every assistant and its documents with it', () => {
    const model = withBases(2);
    model.createAssistant('Other', false);
    attach(model, 0, 0);
    attach(model, 1, 0);
    attach(model, 1, 1);
    const d = model.ingest(0, doc('alpha'), 'vector');
    expect(model.deleteBase(0)).toEqual({ detachedFrom: [0, 1] });
    expect(model.isAttached(0, 0)).toBe(false);
    expect([...model.assistant(1).attachments.keys()]).toEqual([1]);
    expect(model.liveDocument(d)).toBe(false);
    expect(model.deletedDocuments.get(d)?.marker).toBe('alpha');
    expect(model.coverage.get('KB-ATTACH-13')).toBe(2);
  });

  it('counts each row as it is exercised, and enabled false as STATE-02', () => {
    const model = withBases(4);
    attach(model, 0, 0, { enabled: false });
    // Again without a body: the helper keeps enabled false (one of the allowed values).
    attach(model, 0, 0);
    model.patchAttachment(0, 0, { enabled: false });
    attach(model, 0, 1);
    attach(model, 0, 2);
    attach(model, 0, 3);
    model.detach(0, 1);
    expect(Object.fromEntries(model.coverage)).toEqual({
      'KB-ATTACH-01': 3,
      'KB-ATTACH-04': 1,
      'KB-ATTACH-05': 1,
      'KB-ATTACH-07': 1,
      'KB-ATTACH-09': 1,
      'STATE-02': 3,
    });
  });

  it('uses the documented defaults', () => {
    expect(ATTACH_DEFAULTS).toEqual({ enabled: true, grounding_mode: 'supplemental' });
  });
});

describe('documents', () => {
  it('counts documents, inline ones and chunked ones of each base', () => {
    const model = withBases(2);
    model.ingest(0, doc('a'), 'vector');
    model.ingest(0, doc('b', 'inline', 0), 'inline');
    model.ingest(1, doc('c'), 'auto');
    expect(model.counts(0)).toEqual({ documents: 2, inline: 1, chunked: 1 });
    expect(model.counts(1)).toEqual({ documents: 1, inline: 0, chunked: 1 });
    // A tier chosen by auto is not the caller's choice.
    expect(model.coverage.get('STATE-03')).toBe(2);
  });

  it('numbers documents across bases and drops a deleted one for good', () => {
    const model = withBases(2);
    const first = model.ingest(0, doc('a'), 'vector');
    const second = model.ingest(1, doc('b', 'inline', 0), 'inline');
    expect([first, second]).toEqual([0, 1]);
    expect(model.liveDocuments()).toEqual([0, 1]);
    expect(model.deleteDocument(second).base).toBe(1);
    expect(model.liveDocuments()).toEqual([0]);
    expect(model.deletedIn(1).map(([d]) => d)).toEqual([1]);
    expect(model.deletedIn(0)).toEqual([]);
    expect(() => model.deleteDocument(second)).toThrow(/no live document/);
  });

  it('a deleted document with chunks also counts as vectors dropped', () => {
    const model = withBases(1);
    const chunked = model.ingest(0, doc('a'), 'vector');
    const inline = model.ingest(0, doc('b', 'inline', 0), 'inline');
    model.deleteDocument(inline);
    expect(model.coverage.get('STATE-13')).toBe(1);
    expect(model.coverage.get('STATE-14')).toBeUndefined();
    model.deleteDocument(chunked);
    expect(model.coverage.get('STATE-13')).toBe(2);
    expect(model.coverage.get('STATE-14')).toBe(1);
  });

  it('a query counts for STATE-15 only where the base had a document deleted', () => {
    const model = withBases(2);
    const d = model.ingest(0, doc('a'), 'vector');
    model.queried(0);
    expect(model.coverage.get('STATE-15')).toBeUndefined();
    model.deleteDocument(d);
    model.queried(1);
    expect(model.coverage.get('STATE-15')).toBeUndefined();
    model.queried(0);
    expect(model.coverage.get('STATE-15')).toBe(1);
  });
});

describe('assistants and plugins', () => {
  it('an update replaces the fields sent only', () => {
    const model = withBases(0);
    model.updateAssistant(0, { name: 'Renamed' });
    expect(model.assistant(0)).toMatchObject({ name: 'Renamed', isPublic: false });
    model.updateAssistant(0, { isPublic: true });
    expect(model.assistant(0)).toMatchObject({ name: 'Renamed', isPublic: true });
  });

  it('deleting a plugin drops it from the assistants referencing it, and counts STATE-12 only then', () => {
    const model = withBases(0);
    model.createAssistant('Other', false);
    const referenced = model.createPlugin(plugin());
    const alone = model.createPlugin(plugin());
    model.addPlugins(1, [referenced]);
    expect(model.deletePlugin(alone)).toEqual({ referencedBy: [] });
    expect(model.coverage.get('STATE-12')).toBeUndefined();
    expect(model.deletePlugin(referenced)).toEqual({ referencedBy: [1] });
    expect(model.assistant(1).plugins.size).toBe(0);
    expect(model.coverage.get('STATE-10')).toBe(2);
    expect(model.coverage.get('STATE-12')).toBe(1);
    expect(() => model.deletePlugin(referenced)).toThrow(/no plugin/);
  });

  it('numbers each kind from 0 in creation order, never reusing a number', () => {
    const model = new AccountModel();
    expect([model.createAssistant('a', false), model.createAssistant('b', true)]).toEqual([0, 1]);
    model.deleteAssistant(0);
    expect(model.createAssistant('c', false)).toBe(2);
    expect(model.live('assistants')).toEqual([1, 2]);
    expect([model.createBase(), model.createPlugin(plugin()), model.createPlugin(plugin())]).toEqual([
      0, 0, 1,
    ]);
  });

  it('a plugin update replaces the fields sent only, and keeps the rest', () => {
    const model = new AccountModel();
    const p = model.createPlugin(plugin('Echo'));
    // The fields left unsent keep the model's value, marked unsure: no view judges them.
    expect(model.updatePlugin(p, { human_description: 'New text.' })).toEqual({
      ...plugin('Echo'),
      human_description: 'New text.',
      plaintexts: [],
      unsure: ['name', 'isPublic', 'tags', 'os'],
    });
    expect(model.updatePlugin(p, { name: 'Renamed' })).toEqual({
      ...plugin('Renamed'),
      human_description: 'New text.',
      plaintexts: [],
      // name sent again: sure again.
      unsure: ['isPublic', 'tags', 'os', 'human_description'],
    });
    expect(model.updatePlugin(p, {})).toEqual(model.plugin(p));
    expect(() => model.updatePlugin(7, { name: 'x' })).toThrow(/no plugin/);
    expect(model.coverage.size).toBe(0);
  });

  it('a plugin created keeps its own copy of tags and os', () => {
    const model = new AccountModel();
    const fields = plugin();
    const p = model.createPlugin(fields);
    fields.tags.push('changed');
    expect(model.plugin(p).tags).toEqual(['conformance']);
  });

  it('a deleted assistant is remembered, and counts STATE-09 only once it was shared', () => {
    const model = withBases(0);
    model.createAssistant('Shared', false);
    model.deleteAssistant(0);
    expect(model.coverage.get('STATE-09')).toBeUndefined();
    model.shareAssistant(1);
    model.deleteAssistant(1);
    expect(model.coverage.get('STATE-09')).toBe(1);
    expect([...model.deletedAssistants]).toEqual([0, 1]);
    expect(() => model.shareAssistant(1)).toThrow(/no assistant/);
  });

  it('a transferred assistant is B’s: gone from A’s assistants, neither deleted nor searchable', () => {
    const model = withBases(1);
    attach(model, 0, 0);
    const p = model.createPlugin(plugin());
    model.addPlugins(0, [p]);
    expect(model.transferAssistant(0, false)).toEqual({ name: 'Helper', keepAccess: false });
    expect(model.live('assistants')).toEqual([]);
    expect(model.deletedAssistants.size).toBe(0);
    expect(model.attachments()).toEqual([]);
    expect(model.searchable('Helper')).toEqual([]);
    // Nothing A does to the base or the plugin then touches it.
    expect(model.deleteBase(0)).toEqual({ detachedFrom: [] });
    expect(model.deletePlugin(p)).toEqual({ referencedBy: [] });
    expect(() => model.assistant(0)).toThrow(/no assistant/);
    expect(() => model.renameTransferred(0, 'x')).toThrow(/access kept/);
    expect(model.coverage.get('KB-ATTACH-12')).toBeUndefined();
  });

  it('a transferred assistant with access kept may be renamed by A', () => {
    const model = withBases(0);
    model.transferAssistant(0, true);
    model.renameTransferred(0, 'Renamed');
    expect(model.transferred.get(0)).toEqual({ name: 'Renamed', keepAccess: true });
  });

  it('finds the live assistants whose name carries the term', () => {
    const model = new AccountModel();
    model.createAssistant('Conformance a-1 wordx', false);
    model.createAssistant('Conformance a-2 wordx', true);
    model.createAssistant('Conformance a-3', false);
    model.createAssistant('Conformance a-4 wordx', false);
    model.updateAssistant(1, { name: 'Conformance renamed' });
    model.deleteAssistant(3);
    expect(model.searchable('wordx')).toEqual([0]);
    model.transferAssistant(0, false);
    expect(model.searchable('wordx')).toEqual([]);
  });

  it('lists the attachments in order of assistant and base', () => {
    const model = withBases(3);
    model.createAssistant('Other', false);
    attach(model, 1, 2);
    attach(model, 0, 1);
    attach(model, 1, 0);
    expect(model.attachments()).toEqual([
      [0, 1],
      [1, 0],
      [1, 2],
    ]);
    expect(model.basesNotAttachedTo(1)).toEqual([1]);
  });
});

describe('picked and coverage', () => {
  it('picks by remainder, and nothing from nothing', () => {
    expect(picked([4, 7, 9], 0)).toBe(4);
    expect(picked([4, 7, 9], 4)).toBe(7);
    expect(picked([], 3)).toBeUndefined();
  });

  it('adds the coverage of runs', () => {
    const total = new Map<Transition, number>([['STATE-13', 1]]);
    addCoverage(
      total,
      new Map<Transition, number>([
        ['STATE-13', 2],
        ['KB-ATTACH-01', 1],
      ]),
    );
    expect(Object.fromEntries(total)).toEqual({ 'STATE-13': 3, 'KB-ATTACH-01': 1 });
  });

  it('names a requirement of the document for every transition it counts', () => {
    const ids = new Set(
      [
        ...readFileSync(new URL('../../spec/requirements.yaml', import.meta.url), 'utf8').matchAll(
          /- id: (\S+)/g,
        ),
      ].map((match) => match[1]),
    );
    for (const transition of Object.keys(TRANSITIONS)) expect(ids.has(transition), transition).toBe(true);
  });
});

describe('the knowledge histories', () => {
  it('holds the schedule PATCH auto-refresh last set, with the interval only where the document states it', () => {
    const model = withBases(1);
    expect(model.schedule(0)).toBeUndefined();
    expect(model.setAutoRefresh(0, { enabled: true, intervalDays: 5 })).toMatchObject({
      enabled: true,
      intervalDays: 5,
    });
    // Disabled after an interval was sent: the interval shown is open.
    expect(model.setAutoRefresh(0, { enabled: false })).toMatchObject({
      enabled: false,
      intervalDays: undefined,
    });
  });

  it('a base never given an interval nor turned on shows the default 3 once disabled', () => {
    const model = withBases(1);
    expect(model.setAutoRefresh(0, { enabled: false })).toMatchObject({ enabled: false, intervalDays: 3 });
  });

  it('counts STATE-05 when a view shows the schedule after another kind of write, once per batch of writes', () => {
    const model = withBases(1);
    model.scheduleKept(0);
    model.setAutoRefresh(0, { enabled: true, intervalDays: 2 });
    model.scheduleKept(0);
    expect(model.coverage.get('STATE-05')).toBeUndefined();
    model.ingest(0, doc('m1'), 'vector');
    attach(model, 0, 0);
    model.scheduleKept(0);
    model.scheduleKept(0);
    expect(model.coverage.get('STATE-05')).toBe(1);
    model.deleteDocument(0);
    model.scheduleKept(0);
    expect(model.coverage.get('STATE-05')).toBe(2);
  });

  it('knows the URL-sourced documents refresh-now re-crawls, and counts the others left alone', () => {
    const model = withBases(1);
    model.ingest(0, { ...doc('page'), source: 'url' }, 'auto');
    model.refreshed(0);
    expect(model.coverage.get('KB-REFRESH-10')).toBeUndefined();
    model.ingest(0, { ...doc('pasted'), source: 'text' }, 'vector');
    expect(model.urlDocuments(0)).toEqual([0]);
    model.refreshed(0);
    expect(model.coverage.get('KB-REFRESH-10')).toBe(1);
  });

  it("a changing page's document takes the sentence and word of the revision served; a re-crawl counts STATE-06", () => {
    const model = withBases(1);
    const d = model.ingest(
      0,
      { ...doc('Bulletin'), source: 'url', page: { token: 't', revision: 0 } },
      'auto',
    );
    model.pageServed(d, 1, 'revision one.', 'one', false);
    expect(model.document(d)).toMatchObject({ page: { token: 't', revision: 1 }, sentence: 'revision one.' });
    expect(model.coverage.get('STATE-06')).toBeUndefined();
    model.pageServed(d, 2, 'revision two.', 'two', true);
    expect(model.document(d)).toMatchObject({ page: { revision: 2 }, marker: 'two' });
    expect(model.coverage.get('STATE-06')).toBe(1);
  });

  it('remembers the titles of deleted documents per live base, and the names of deleted bases', () => {
    const model = new AccountModel();
    model.createBase({ name: 'Manuals' });
    model.createBase({ name: 'Policies', description: 'Refunds' });
    expect(model.base(0)).toMatchObject({ name: 'Manuals', description: '' });
    model.ingest(0, { ...doc('a'), title: 'FAQ' }, 'vector');
    model.ingest(0, doc('b'), 'vector');
    model.deleteDocument(0);
    model.deleteDocument(1);
    expect(model.deletedTitles(0)).toEqual([[0, 'FAQ']]);
    model.deleteBase(1);
    expect([...model.deletedBases]).toEqual([[1, { name: 'Policies', description: 'Refunds' }]]);
    model.deleteBase(0);
    expect(model.deletedBases.get(0)?.name).toBe('Manuals');
  });
});
