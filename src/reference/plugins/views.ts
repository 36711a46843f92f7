import type { AccountDirectory } from '../accounts.ts';
import type { FaultSwitch } from '../fault-switch.ts';
import { openPoints, successMessage } from '../open-points.ts';
import type { Page } from '../http/pagination.ts';
import type { FieldCipher } from './cipher.ts';
import { pluginFault } from './faults.ts';
import { ownsPlugin, type PluginDoc } from './store.ts';

function creatorOf(doc: PluginDoc, accounts: AccountDirectory): string {
  return doc.isAnonymous ? 'Anonymous' : (accounts.byId(doc.userId)?.name ?? 'Unknown');
}

/** List and search items: the documented fields, plus the code exactly as stored (ciphertext). */
export function catalogItem(
  doc: PluginDoc,
  accountId: string,
  accounts: AccountDirectory,
): Record<string, unknown> {
  const shown = {
    _id: doc._id,
    title: doc.title,
    name: doc.name,
    tags: [...doc.tags],
    isPublic: doc.isPublic,
    creator: creatorOf(doc, accounts),
    os: [...doc.os],
  };
  const code = { func_schema: doc.func_schema, func_run: doc.func_run };
  // The alternative personality: no isOwner or approval status, but the descriptions and dates.
  if (openPoints().extraFields === 'alternative')
    return {
      ...shown,
      human_description: doc.human_description,
      ai_description: doc.ai_description,
      ...code,
      createdAt: doc.createdAt,
    };
  return { ...shown, isOwner: ownsPlugin(accountId, doc), status: doc.status, ...code };
}

/** Get: the whole plugin; its owner reads the code in clear, everyone else as stored (ciphertext). */
export function pluginDetail(
  doc: PluginDoc,
  accountId: string,
  accounts: AccountDirectory,
  cipher: FieldCipher,
): Record<string, unknown> {
  const owner = ownsPlugin(accountId, doc);
  // The alternative personality: only the fields the document says get carries, and `creator`.
  if (openPoints().extraFields === 'alternative')
    return {
      _id: doc._id,
      title: doc.title,
      name: doc.name,
      human_description: doc.human_description,
      isPublic: doc.isPublic,
      creator: creatorOf(doc, accounts),
      isOwner: owner,
    };
  const { userId: _userId, ...rest } = structuredClone(doc);
  return {
    ...rest,
    func_schema: owner ? cipher.open(doc.func_schema) : doc.func_schema,
    func_run: owner ? cipher.open(doc.func_run) : doc.func_run,
    creator: creatorOf(doc, accounts),
    isOwner: owner,
  };
}

/** The list/search body; when nothing matches there is no `plugin` key at all. */
export function catalogBody(
  matched: readonly PluginDoc[],
  page: Page<PluginDoc>,
  item: (doc: PluginDoc) => unknown,
  faults: FaultSwitch,
): Record<string, unknown> {
  const distinct = [...new Set(matched.flatMap((d) => d.tags))];
  const tags = openPoints().pluginTags === 'sorted' ? distinct.sort() : distinct;
  // The alternative personality also answers a page past the end with the empty-result shape.
  const pastEnd = page.items.length === 0 && openPoints().pluginPastEnd === 'empty-shape';
  if ((matched.length === 0 || pastEnd) && !pluginFault(faults, 'plugins.empty-result-with-plugin-key')) {
    return { status: 'true', message: successMessage('no plugins found'), tags };
  }
  return {
    totalPlugins: page.total,
    totalPages: page.totalPages,
    currentPage: page.page,
    [pluginFault(faults, 'plugins.list-key-plural') ? 'plugins' : 'plugin']: page.items.map(item),
    tags,
  };
}
