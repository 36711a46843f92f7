import type { FaultSwitch } from '../fault-switch.ts';
import type { FieldCipher } from './cipher.ts';
import { pluginFault, type PluginFault } from './faults.ts';
import type { PluginDoc } from './store.ts';

/*
 * The planted faults of the read routes' answers (self-test only). Each is one small change to a
 * correct answer, kept here so that the views stay what the document asks for.
 */

export type CatalogRoute = 'list' | 'search';

function renamed(item: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const { [from]: value, ...rest } = item;
  return { ...rest, [to]: value };
}

/** Encoding mistaken for encryption. */
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

function sealedParts(sealed: string): Record<string, string> {
  const [iv = '', tag = '', content = ''] = sealed.split(':');
  return { iv, tag, content };
}

/** A list or search item as a faulty server would send it. */
export function withItemFaults(
  listed: Record<string, unknown>,
  doc: PluginDoc,
  route: CatalogRoute,
  faults: FaultSwitch,
  cipher: FieldCipher,
): Record<string, unknown> {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  let item = listed;
  if (fault('plugins.list-code-in-clear'))
    item = { ...item, func_schema: cipher.open(doc.func_schema), func_run: cipher.open(doc.func_run) };
  if (route === 'list' && fault('plugins.list-schema-in-clear'))
    item = { ...item, func_schema: cipher.open(doc.func_schema) };
  if (route === 'list' && fault('plugins.list-code-base64-only'))
    item = {
      ...item,
      func_schema: base64(cipher.open(doc.func_schema)),
      func_run: base64(cipher.open(doc.func_run)),
    };
  if (route === 'search' && fault('plugins.search-schema-in-clear'))
    item = { ...item, func_schema: cipher.open(doc.func_schema) };
  if (route === 'search' && fault('plugins.search-code-in-clear'))
    item = { ...item, func_run: cipher.open(doc.func_run) };
  if (route === 'list') {
    if (fault('plugins.list-item-without-id')) delete item._id;
    if (fault('plugins.list-item-title-renamed')) item = renamed(item, 'title', 'function_name');
    if (fault('plugins.list-item-without-name')) delete item.name;
    if (fault('plugins.list-tags-joined')) item.tags = doc.tags.join(',');
    if (fault('plugins.list-is-public-string')) item.isPublic = String(doc.isPublic);
    if (fault('plugins.anonymous-creator-null') && doc.isAnonymous) item.creator = null;
    if (fault('plugins.list-os-joined')) item.os = doc.os.join(',');
    // An encrypted value sent as the cipher's parts rather than as one string.
    if (fault('plugins.list-func-run-object')) item.func_run = sealedParts(String(item.func_run));
    if (fault('plugins.list-func-schema-object')) item.func_schema = sealedParts(String(item.func_schema));
  }
  if (route === 'search') {
    if (fault('plugins.search-item-without-id')) delete item._id;
    if (fault('plugins.search-item-title-renamed')) item = renamed(item, 'title', 'function_name');
  }
  return item;
}

/** A list or search body as a faulty server would send it. */
export function withBodyFaults(
  body: Record<string, unknown>,
  route: CatalogRoute,
  faults: FaultSwitch,
): Record<string, unknown> {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  const normal = 'plugin' in body;
  if (route === 'list' && normal && fault('plugins.list-status-true')) return { status: 'true', ...body };
  if (route === 'list' && normal && fault('plugins.current-page-string'))
    return { ...body, currentPage: String(body.currentPage) };
  if (route === 'search' && normal && fault('plugins.search-without-tags')) {
    const { tags: _tags, ...rest } = body;
    return rest;
  }
  if (normal && route === 'list' && fault('plugins.total-plugins-page-length'))
    return { ...body, totalPlugins: (body.plugin as unknown[]).length };
  if (!normal && fault('plugins.empty-result-without-tags')) {
    const { tags: _tags, ...rest } = body;
    return rest;
  }
  if (route === 'search' && !normal && fault('plugins.search-empty-status-boolean'))
    return { ...body, status: true };
  return body;
}

/** Get's plugin as a faulty server would send it. */
export function withDetailFaults(
  plugin: Record<string, unknown>,
  faults: FaultSwitch,
): Record<string, unknown> {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  let detail = plugin;
  if (fault('plugins.get-id-renamed')) detail = renamed(detail, '_id', 'id');
  if (fault('plugins.get-without-title')) delete detail.title;
  if (fault('plugins.get-without-name')) delete detail.name;
  if (fault('plugins.get-description-renamed')) detail = renamed(detail, 'human_description', 'description');
  if (fault('plugins.get-is-public-string')) detail.isPublic = String(detail.isPublic);
  if (fault('plugins.get-creator-object')) detail.creator = { name: detail.creator };
  return detail;
}
