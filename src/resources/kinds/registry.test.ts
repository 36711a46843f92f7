import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dryRunLines } from '../../run/dry-run.ts';
import type { IndexedCheck } from '../../harness/check-index.ts';
import type { ApiClient, CallInput, ObservedCall } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { isWrite, loadOperationIndexSync, loadSpec, type Spec } from '../../spec/openapi.ts';
import { sweepLedger } from '../ledger-sweep.ts';
import { ledgerFile, LedgerWriter, readLedger } from '../ledger.ts';
import { findLeftovers, prefixPattern } from '../leftovers.ts';
import { PAGED_ROUTES } from '../../rules/subjects.ts';
import { prepareRequest } from '../operation-requests.ts';
import { deleteByPath } from './delete.ts';
import type { Bench, ResourceKind } from './kind.ts';
import { COLLECTIONS, KindRegistry, RESOURCE_KINDS } from './registry.ts';

const RUN = 'cfrun0mwvaaaaaaaaaaaaa';

function exchange(operationId: string, status: number, json: unknown = {}): Exchange {
  return {
    operationId,
    label: operationId,
    request: { method: 'POST', url: `http://toy/${operationId}`, headers: {} },
    response: { status, headers: {}, text: JSON.stringify(json), json },
    error: undefined,
    durationMs: 1,
  };
}

/** A target holding widgets in memory, answering the toy kind's four operations. */
class WidgetTarget {
  readonly widgets = new Map<string, string>();
  readonly calls: string[] = [];
  private next = 0;

  readonly client = {
    call: (operationId: string, input: CallInput = {}): Promise<Exchange> => {
      this.calls.push(operationId);
      return Promise.resolve(this.answer(operationId, input));
    },
  } as unknown as ApiClient;

  private answer(operationId: string, input: CallInput): Exchange {
    const widgetId = input.path?.widgetId ?? '';
    if (operationId === 'createWidget') {
      this.next += 1;
      const id = `w${this.next}`;
      this.widgets.set(id, String((input.body as { name?: unknown }).name));
      return exchange(operationId, 201, { widgetId: id });
    }
    if (operationId === 'deleteWidget')
      return exchange(operationId, this.widgets.delete(widgetId) ? 200 : 404, {});
    if (operationId === 'listWidgets')
      return exchange(operationId, 200, {
        widgets: [...this.widgets].map(([id, name]) => ({ widgetId: id, name })),
      });
    return exchange(operationId, 404);
  }
}

const present = async (client: ApiClient, id: string): Promise<boolean> => {
  const list = await client.call('listWidgets');
  const widgets = (list.response?.json as { widgets: Array<{ widgetId: string }> }).widgets;
  return widgets.some((widget) => widget.widgetId === id);
};

/** A kind the suite does not have, described by a descriptor and nothing else. */
const WIDGET: ResourceKind = {
  name: 'widget',
  creates: [{ operationId: 'createWidget', planLabel: 'widgets' }],
  tracked: {
    idInAnswer: 'widgetId',
    nameField: 'name',
    delete: deleteByPath('deleteWidget', 'widgetId'),
    present,
  },
  leftovers: {
    plural: 'widgets',
    list: 'listWidgets',
    marked: ['name'],
    id: 'widgetId',
    label: (item) => `${String(item.widgetId)} (${String(item.name)})`,
  },
  lists: { listWidgets: { items: 'widgets' } },
};

function observed(operationId: string, input: CallInput): ObservedCall {
  return { method: 'POST', path: `/${operationId}`, operationId, input, authorization: undefined };
}

/** The document with the toy's create in it, as a new kind's operations would be in spec/openapi.yaml. */
function withWidgets(spec: Spec): Spec {
  return {
    ...spec,
    operation: (id) =>
      id === 'createWidget' ? { ...spec.operation('createPlugin'), operationId: id } : spec.operation(id),
  };
}

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('a resource kind added through the registry alone', () => {
  const kinds = new KindRegistry([...RESOURCE_KINDS, WIDGET]);

  /** A ledger of the run in a folder of the test's own, and its writer knowing the toy kind. */
  async function freshLedger(): Promise<{ ledgerDir: string; file: string; writer: LedgerWriter }> {
    const ledgerDir = await mkdtemp(join(tmpdir(), 'kinds-'));
    dir = ledgerDir;
    const file = ledgerFile(ledgerDir, RUN);
    LedgerWriter.start(file, RUN, 'http://toy');
    return { ledgerDir, file, writer: new LedgerWriter(file, { keys: {} }, kinds) };
  }

  it('is written in the ledger, removed by the sweep, found by the leftovers scan and named by the dry run', async () => {
    const { ledgerDir, file, writer } = await freshLedger();
    const target = new WidgetTarget();

    // The ledger: a create of the toy kind is written down before it is sent, its id after.
    const create = observed('createWidget', { body: { name: `${RUN}-gadget` } });
    const ref = writer.sending(create);
    expect(ref).toBeDefined();
    writer.answered(create, ref, await target.client.call('createWidget', create.input));
    expect(readLedger(file, kinds).open).toEqual([
      { kind: 'widget', id: 'w1', name: `${RUN}-gadget`, account: 'A', created: true },
    ]);

    // The leftovers scan: without a ledger, cleanup finds it by the run's id in its name.
    target.widgets.set('w9', 'a widget someone made');
    const scan = await findLeftovers(target.client, prefixPattern(RUN), kinds);
    expect(scan.found).toContainEqual({ kind: 'widget', id: 'w1', label: `w1 (${RUN}-gadget)` });
    expect(scan.found.filter((leftover) => leftover.kind === 'widget')).toHaveLength(1);

    // The sweep: it is deleted by the identity the ledger holds, and its entry closed.
    const report = await sweepLedger(readLedger(file, kinds), { A: target.client }, writer, kinds);
    expect(report).toEqual({ removed: ['widget w1 (account A)'], gone: 0, problems: [] });
    expect([...target.widgets.keys()]).toEqual(['w9']);
    expect(readLedger(file, kinds).open).toEqual([]);

    // The dry-run plan says what the run would create.
    const check: IndexedCheck = {
      id: 'widgets.create.shape',
      title: 'a widget is created',
      requirements: [],
      operations: ['createWidget'],
      area: 'widgets',
      file: 'suites/widgets/create.test.ts',
    };
    const lines = dryRunLines({
      checks: [check],
      spec: withWidgets(await loadSpec()),
      target: 'http://toy',
      readOnly: false,
      ledgerDir,
      kinds,
    });
    expect(lines.some((line) => line.startsWith('It would create widgets, on account A'))).toBe(true);
  });

  it('a delete of the toy kind closes its ledger entry, and a ledger without the descriptor leaves it alone', async () => {
    const { file, writer } = await freshLedger();
    const target = new WidgetTarget();
    for (const name of ['one', 'two']) {
      const create = observed('createWidget', { body: { name: `${RUN}-${name}` } });
      writer.answered(create, writer.sending(create), await target.client.call('createWidget', create.input));
    }
    const remove = observed('deleteWidget', { path: { widgetId: 'w1' } });
    writer.answered(remove, writer.sending(remove), await target.client.call('deleteWidget', remove.input));
    expect(readLedger(file, kinds).open.map((entry) => entry.id)).toEqual(['w2']);

    // The suite's own registry does not know widgets: the sweep sends nothing and reports it.
    const report = await sweepLedger(readLedger(file), { A: target.client }, writer);
    expect(report.problems).toEqual([
      'widget w2 (account A): "widget" is not a resource kind this version of the suite knows: left alone',
    ]);
    expect(target.calls.filter((call) => call === 'deleteWidget')).toHaveLength(1);
  });
  it('has a prepared create and delete for the scope matrix, and its own requests', async () => {
    const tracked: string[] = [];
    const bench = {
      createBody: (kind: string, label: string) => Promise.resolve({ name: `${RUN}-${kind}-${label}` }),
      throwaway: (kind: string) =>
        Promise.resolve({ id: 'w7', forget: () => tracked.push(`forgot ${kind}`) }),
      track: (kind: string, id: string) => void tracked.push(`${kind} ${id}`),
    } as Partial<Bench> as Bench;
    const create = await prepareRequest('createWidget', bench, kinds);
    create.settle?.(exchange('createWidget', 201, { widgetId: 'w8' }));
    const remove = await prepareRequest('deleteWidget', bench, kinds);
    remove.settle?.(exchange('deleteWidget', 200));
    expect([create.input, remove.input]).toEqual([
      { body: { name: `${RUN}-widget-created` } },
      { path: { widgetId: 'w7' } },
    ]);
    expect(tracked).toEqual(['widget w8', 'forgot widget']);
    const listing = new KindRegistry([
      ...RESOURCE_KINDS,
      { ...WIDGET, requests: { listWidgets: () => ({ input: { query: { page: 1 } } }) } },
    ]);
    expect((await prepareRequest('listWidgets', bench, listing)).input).toEqual({ query: { page: 1 } });
  });

  it('an unanswered create is held open by name only when its kind can be found by name', async () => {
    const { file, writer } = await freshLedger();
    for (const [operationId, name] of [
      ['createWidget', `${RUN}-lost-widget`],
      ['createKnowledgeBase', `${RUN}-lost-base`],
    ] as const) {
      const create = observed(operationId, { body: { name } });
      writer.answered(create, writer.sending(create), exchange(operationId, 502));
    }
    // A base is found by its name (the sweep lists the bases); nothing finds a widget that way.
    expect(readLedger(file, kinds).open).toEqual([
      { kind: 'knowledge base', name: `${RUN}-lost-base`, account: 'A', created: false },
    ]);
  });
});

describe('the registry', () => {
  const operations = loadOperationIndexSync();

  it('names only operations of spec/openapi.yaml: creates and deletes are writes, listings reads', () => {
    for (const kind of RESOURCE_KINDS) {
      const kindOf = kind as ResourceKind;
      for (const create of kindOf.creates) expect(isWrite(operations.get(create.operationId)!)).toBe(true);
      if (kindOf.tracked !== undefined)
        expect(operations.get(kindOf.tracked.delete.operationId)?.method).toBe('DELETE');
      for (const list of Object.keys(kindOf.lists ?? {})) expect(isWrite(operations.get(list)!)).toBe(false);
      if (kindOf.leftovers !== undefined)
        expect(Object.keys(kindOf.lists ?? {})).toContain(kindOf.leftovers.list);
    }
  });

  it('pages the collections the assistant and plugin kinds describe with a total, searches by their term', () => {
    expect(Object.keys(COLLECTIONS).sort()).toEqual([
      'listPersonas',
      'listPlugins',
      'searchPersonas',
      'searchPlugins',
    ]);
    expect([PAGED_ROUTES.searchPlugins?.input('tide'), PAGED_ROUTES.listPersonas?.input('tide')]).toEqual([
      { query: { search: 'tide' } },
      { path: { sessionId: 'conformance' } },
    ]);
    expect(PAGED_ROUTES.listPlugins).toMatchObject({ itemsField: 'plugin', totalField: 'totalPlugins' });
  });

  it('refuses a kind nothing would remove, a parent it does not describe, a create or a request claimed twice', () => {
    const loose: ResourceKind = { name: 'loose', creates: [{ operationId: 'createLoose' }] };
    expect(() => new KindRegistry([loose])).toThrow(/"loose" is neither tracked nor part of another kind/);
    expect(() => new KindRegistry([{ ...loose, parents: ['nowhere'] }])).toThrow(
      /"loose" lives in "nowhere", which is not described/,
    );
    expect(
      () => new KindRegistry([...RESOURCE_KINDS, { ...WIDGET, creates: [{ operationId: 'createPlugin' }] }]),
    ).toThrow(/createPlugin creates two kinds/);
    const claimed = { ...WIDGET, requests: { getPlugin: () => ({ input: {} }) } };
    expect(() => new KindRegistry([...RESOURCE_KINDS, claimed])).toThrow(
      /getPlugin has two prepared requests/,
    );
  });
});
