/**
 * What each view of the account must show of the run's own resources, as the model projects it:
 * for one query of a list or search route, every assistant or plugin the sequence made is
 * `present` (the document makes it certain that the query shows it), `absent` (certain that it
 * does not) or `open` (the document leaves it open, or the model no longer knows: not judged).
 * Pure: no request is sent here (views/ reads the routes and compares).
 */
import type { AccountModel, ModelPlugin } from './model.ts';

export type Expected = 'present' | 'absent' | 'open';

/** Whose views: the account that made the resources (A), or the other account (B). */
export type Viewer = 'owner' | 'other';

export interface AssistantListQuery {
  isPublic?: 'private' | 'public' | 'all';
  isMainAgent?: 'all' | 'true' | 'false';
  /** Comma-separated platforms; the documented default is `nt`. */
  os?: string;
  /** The request carries a browser Origin header: os is ignored, `web,nt,android` used (AS-LIST-09). */
  origin?: boolean;
}

export interface AssistantSearchQuery {
  search: string;
  isMainAgent?: 'all' | 'true' | 'false';
  /** Comma-separated platforms; the documented default is `nt` (AS-SEARCH-05). */
  os?: string;
}

export interface PluginListQuery {
  isPublic?: 'private' | 'public' | 'all';
  status?: 'all' | 'approved' | 'pending';
  /** One platform or `all` (the default). */
  os?: 'nt' | 'android' | 'web' | 'all';
}

export interface PluginSearchQuery {
  search: string;
  /** One platform or `all` (the default, PL-SEARCH-03). */
  os?: 'nt' | 'android' | 'web' | 'all';
}

/** The projection of one query: each of the run's resources by its model number. */
export interface Projection {
  /** Live resources of account A (by number). */
  live: Map<number, Expected>;
  /** Resources the sequence deleted (and did not create again): absent from every view. */
  deleted: Map<number, Expected>;
  /** Assistants handed to account B: where they show, and when, is not judged by a list. */
  transferred: Map<number, Expected>;
}

/** Absent if any condition excludes it, open if any is open, present otherwise. */
export function combined(...conditions: Expected[]): Expected {
  if (conditions.includes('absent')) return 'absent';
  return conditions.includes('open') ? 'open' : 'present';
}

const ALL_PLATFORMS = ['web', 'nt', 'android'];

/** The platforms a comma-separated os value selects. */
export function platformsOf(os: string): string[] {
  return os
    .split(',')
    .map((platform) => platform.trim())
    .filter((platform) => platform !== '');
}

/** An assistant is on a list filtered by platforms when it targets one of them (AS-LIST-08). */
function onPlatforms(targets: readonly string[], platforms: readonly string[]): Expected {
  return targets.some((target) => platforms.includes(target)) ? 'present' : 'absent';
}

/** isMainAgent: `false` narrows to agentic tools (AS-LIST-07); what `true` does to a tool is open. */
function mainAgentFilter(mainAgent: boolean, filter: AssistantListQuery['isMainAgent'] = 'all'): Expected {
  if (filter === 'false') return mainAgent ? 'absent' : 'present';
  if (filter === 'true') return mainAgent ? 'present' : 'open';
  return 'present';
}

/**
 * isPublic for A's assistant. A: `private` means owned or granted (its public ones too, a reading
 * the list command leaves open, so they are not required there), `public` is the shared catalog,
 * `all` everything it can see. B: none of A's in its own (`private`), A's public ones in the
 * catalog, A's private ones nowhere (whether `all` holds the catalog is not required).
 */
function assistantVisibility(
  isPublic: boolean,
  filter: AssistantListQuery['isPublic'] = 'all',
  viewer: Viewer,
): Expected {
  if (viewer === 'owner') {
    if (filter === 'private') return isPublic ? 'open' : 'present';
    if (filter === 'public') return isPublic ? 'present' : 'absent';
    return 'present';
  }
  if (filter === 'private') return 'absent';
  if (filter === 'public') return isPublic ? 'present' : 'absent';
  return isPublic ? 'open' : 'absent';
}

function basis(model: Readonly<AccountModel>): Omit<Projection, 'live'> {
  return {
    deleted: new Map([...model.deletedAssistants].map((d) => [d, 'absent' as const])),
    // B owns them from the transfer on, but how soon, and what A then sees, is not stated.
    transferred: new Map([...model.transferred.keys()].map((n) => [n, 'open' as const])),
  };
}

/** The list of assistants (listPersonas) under `query`, as `viewer` reads it. */
export function assistantList(
  model: Readonly<AccountModel>,
  query: AssistantListQuery,
  viewer: Viewer = 'owner',
): Projection {
  const platforms = query.origin ? ALL_PLATFORMS : platformsOf(query.os ?? 'nt');
  const live = new Map<number, Expected>();
  for (const [a, assistant] of model.assistants)
    live.set(
      a,
      combined(
        assistantVisibility(assistant.isPublic, query.isPublic, viewer),
        mainAgentFilter(assistant.mainAgent, query.isMainAgent),
        onPlatforms(assistant.os, platforms),
      ),
    );
  return { live, ...basis(model) };
}

/**
 * Search (searchPersonas): a free-text term across name and title (AS-SEARCH-02), with the list's
 * isMainAgent and os filters (os defaulting to nt). An assistant whose current name or title
 * carries the term is found by its owner; one that carries it in neither is open (how loosely a
 * search matches is not stated). B finds none of A's private assistants; A's public ones are open.
 */
export function assistantSearch(
  model: Readonly<AccountModel>,
  query: AssistantSearchQuery,
  viewer: Viewer = 'owner',
): Projection {
  const platforms = platformsOf(query.os ?? 'nt');
  const live = new Map<number, Expected>();
  for (const [a, assistant] of model.assistants) {
    const carries = assistant.name.includes(query.search) || assistant.title.includes(query.search);
    const seen: Expected =
      viewer === 'owner' ? (carries ? 'present' : 'open') : assistant.isPublic ? 'open' : 'absent';
    live.set(
      a,
      combined(
        seen,
        mainAgentFilter(assistant.mainAgent, query.isMainAgent),
        onPlatforms(assistant.os, platforms),
      ),
    );
  }
  return { live, ...basis(model) };
}

const sure = (plugin: ModelPlugin, field: NonNullable<ModelPlugin['unsure']>[number]): boolean =>
  !(plugin.unsure ?? []).includes(field);

/**
 * isPublic for A's plugin. A: `private` is its own catalog (its published ones too, not required),
 * `public` the platform-wide catalog, `all` both. B: none of A's in its own, A's published ones in
 * the public catalog, A's unpublished ones in none (whether `all` holds the public ones is not
 * required). Unknown when an update left isPublic unsent.
 */
function pluginVisibility(
  plugin: ModelPlugin,
  filter: PluginListQuery['isPublic'] = 'all',
  viewer: Viewer,
): Expected {
  if (viewer === 'other' && filter === 'private') return 'absent';
  if (viewer === 'owner' && filter === 'all') return 'present';
  if (!sure(plugin, 'isPublic')) return 'open';
  if (viewer === 'owner') {
    if (filter === 'private') return plugin.isPublic ? 'open' : 'present';
    return plugin.isPublic ? 'present' : 'absent';
  }
  if (filter === 'public') return plugin.isPublic ? 'present' : 'absent';
  return plugin.isPublic ? 'open' : 'absent';
}

/** A plugin's os filter: `all` (the default) keeps every plugin, a platform those that target it. */
function pluginPlatform(plugin: ModelPlugin, os: PluginListQuery['os'] = 'all'): Expected {
  if (os === 'all') return 'present';
  if (!sure(plugin, 'os')) return 'open';
  return plugin.os.includes(os) ? 'present' : 'absent';
}

function pluginBasis(model: Readonly<AccountModel>): Omit<Projection, 'live'> {
  return {
    deleted: new Map([...model.deletedPlugins].map((p) => [p, 'absent' as const])),
    transferred: new Map(),
  };
}

/** The list of plugins (listPlugins) under `query`, as `viewer` reads it. */
export function pluginList(
  model: Readonly<AccountModel>,
  query: PluginListQuery,
  viewer: Viewer = 'owner',
): Projection {
  const live = new Map<number, Expected>();
  for (const [p, plugin] of model.plugins) {
    // Which approval state a plugin is in is not stated (STATE-08): approved or pending is open.
    const status: Expected = (query.status ?? 'all') === 'all' ? 'present' : 'open';
    live.set(
      p,
      combined(pluginVisibility(plugin, query.isPublic, viewer), status, pluginPlatform(plugin, query.os)),
    );
  }
  return { live, ...pluginBasis(model) };
}

/**
 * Search (searchPlugins) for a term: which fields a plugin search covers is not stated, so the
 * owner's plugin is certain to be found only while the term is in its name and human_description
 * as well as its title (the commands put it in every text field); B's finds of A's plugins are not
 * stated either way.
 */
export function pluginSearch(
  model: Readonly<AccountModel>,
  query: PluginSearchQuery,
  viewer: Viewer = 'owner',
): Projection {
  const live = new Map<number, Expected>();
  for (const [p, plugin] of model.plugins) {
    const carries =
      sure(plugin, 'name') &&
      sure(plugin, 'human_description') &&
      plugin.name.includes(query.search) &&
      plugin.human_description.includes(query.search);
    const seen: Expected = viewer === 'owner' && carries ? 'present' : 'open';
    live.set(p, combined(seen, pluginPlatform(plugin, query.os)));
  }
  return { live, ...pluginBasis(model) };
}
