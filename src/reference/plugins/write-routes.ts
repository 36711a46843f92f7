import type { FastifyPluginCallback } from 'fastify';
import type { FaultSwitch } from '../fault-switch.ts';
import { has, objectBody, requireString, type Body } from '../http/body.ts';
import { successMessage, timestamp } from '../open-points.ts';
import { HttpError, badRequest, notFound, statedMessage, statedStatus } from '../http/errors.ts';
import { newObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import type { OsName } from '../platforms.ts';
import type { ReferenceState, StateOptions } from '../state.ts';
import { pluginFault, type PluginFault } from './faults.ts';
import {
  SERVER_MANAGED_FIELDS,
  UPDATABLE_FIELDS,
  checkConnectionUrl,
  checkCreateRules,
  checkReservedTitle,
  checkFieldTypes,
} from './fields.ts';
import { withStoredFaults } from './write-faults.ts';
import { prefixSiblings, storedCode } from './history-faults.ts';
import { queryOf } from '../http/query.ts';
import { canSeePlugin, initialStatus, ownsPlugin, type PluginDoc } from './store.ts';

const UNAUTHORIZED_USER = 'unauthorized user';
const APP_VERSION = '1.0.0';

function agenticTool(value: unknown, state: ReferenceState): PluginDoc['is_agentic_tool'] {
  if (typeof value !== 'object' || value === null) {
    return {
      status: pluginFault(state.faults, 'plugins.agentic-default-status-true'),
      object: pluginFault(state.faults, 'plugins.agentic-tool-default-incomplete') ? undefined : null,
    };
  }
  const { status, object } = value as { status: boolean; object?: unknown };
  return { status, object: object ?? null };
}

/** Builds the stored plugin from a body that passed every create rule. */
function newPlugin(body: Body, state: ReferenceState, accountId: string): PluginDoc {
  const now = timestamp(state.now());
  const isPublic = body.isPublic as boolean;
  return {
    _id: newObjectId(),
    title: body.title as string,
    name: body.name as string,
    tags: [...(body.tags as string[])],
    authentication_required: body.authentication_required as boolean,
    os: [...(body.os as OsName[])],
    human_description: body.human_description as string,
    ai_description: body.ai_description as string,
    parameters: structuredClone(body.parameters as Record<string, unknown>),
    func_schema: state.cipher.encrypt(body.func_schema as string),
    func_run: state.cipher.encrypt(body.func_run as string),
    isPublic,
    isAnonymous: body.isAnonymous as boolean,
    ...(has(body, 'connection_url') ? { connection_url: body.connection_url as string } : {}),
    ...(has(body, 'logo') ? { logo: body.logo as string } : {}),
    is_agentic_tool: agenticTool(body.is_agentic_tool, state),
    userId: accountId,
    status: initialStatus(isPublic),
    appVersion: APP_VERSION,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
}

/** Applies the fields of an update body (already type-checked) to a copy of the plugin. */
function updatedPlugin(doc: PluginDoc, body: Body, state: ReferenceState): PluginDoc {
  const next: PluginDoc = { ...doc };
  for (const field of UPDATABLE_FIELDS) {
    if (!has(body, field)) continue;
    const value = body[field];
    if (field === 'func_schema' || field === 'func_run')
      next[field] = storedCode(field, value as string, state.cipher, state.faults);
    else if (field === 'parameters') next.parameters = structuredClone(value as Record<string, unknown>);
    else if (field === 'isPublic') {
      next.isPublic = value as boolean;
      if (next.isPublic !== doc.isPublic) next.status = initialStatus(next.isPublic);
    } else
      (next as unknown as Record<string, unknown>)[field] = Array.isArray(value)
        ? [...(value as unknown[])]
        : value;
  }
  next.updatedAt = state.now().toISOString();
  next.__v = doc.__v + 1;
  return next;
}

/** The plugin a write addresses: unseen → 404; seen but someone else's → 400 `unauthorized user`. */
function ownedPlugin(state: ReferenceState, accountId: string, title: string): PluginDoc {
  const doc = state.plugins.get(title);
  if (!doc || !canSeePlugin(accountId, doc)) throw notFound(`no plugin titled ${title}`);
  if (!ownsPlugin(accountId, doc)) throw badRequest(UNAUTHORIZED_USER);
  return doc;
}

/** The planted fault's lookup: the caller's first plugin, whatever the title asked for. */
function firstOwnPlugin(state: ReferenceState, accountId: string): PluginDoc | undefined {
  return state.plugins.all().find((doc) => ownsPlugin(accountId, doc));
}

/** The planted faults that let update store one field without its type check. */
const UPDATE_TYPE_SKIPS: Readonly<Partial<Record<string, PluginFault>>> = {
  os: 'plugins.update-os-values-unchecked',
  name: 'plugins.update-name-any-type',
  isPublic: 'plugins.update-is-public-any-type',
  tags: 'plugins.update-tags-any-type',
};

/** A write's success answer; under its planted fault `status` is the string "true". */
function writeAnswer(faults: FaultSwitch, stringFault: PluginFault, message: string) {
  return { status: pluginFault(faults, stringFault) ? 'true' : true, message: successMessage(message) };
}

/** Create, update and delete. */
export const pluginWriteRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: PluginFault) => pluginFault(state.faults, id);
  const updateSkipsType = (field: string): boolean => {
    const skip = UPDATE_TYPE_SKIPS[field];
    return skip !== undefined && fault(skip);
  };

  /** Server-managed fields the body carries; the planted fault lets the plugin's own `_id` through. */
  const managedFieldsIn = (body: Body): string[] =>
    SERVER_MANAGED_FIELDS.filter((field) => has(body, field)).filter(
      (field) =>
        !(
          (field === '_id' &&
            fault('plugins.own-id-accepted-on-update') &&
            body._id === state.plugins.get(String(body.title))?._id) ||
          (field === '__v' && fault('plugins.update-accepts-v')) ||
          (field === 'appVersion' && fault('plugins.update-accepts-app-version'))
        ),
    );

  api.route({
    ...operationRoute('createPlugin'),
    handler: (request) => {
      const body = objectBody(request);
      checkCreateRules(body, state.faults);
      const title = body.title as string;
      const existing = state.plugins.get(title);
      // The planted fault checks uniqueness within the caller's account only.
      const clash =
        existing &&
        (!fault('plugins.title-unique-per-account') || ownsPlugin(request.caller.accountId, existing)) &&
        (!fault('plugins.duplicate-check-public-only') || existing.isPublic);
      // The planted fault: a deleted plugin's title still counts as taken.
      if (fault('plugins.delete-title-stays-reserved') && state.plugins.isRemoved(title))
        throw badRequest(`plugin already exists with title ${title}`);
      if (clash && fault('plugins.duplicate-saved-then-refused')) {
        state.plugins.add(newPlugin(body, state, request.caller.accountId));
        throw badRequest(`plugin already exists with title ${title}`);
      }
      if (clash && !fault('plugins.duplicate-title-replaces')) {
        throw statedStatus(badRequest(`plugin already exists with title ${title}`));
      }
      state.plugins.create(
        withStoredFaults(newPlugin(body, state, request.caller.accountId), body, state.faults),
      );
      if (fault('plugins.auth-url-checked-after-save')) checkConnectionUrl(body);
      if (fault('plugins.reserved-title-saved-then-refused')) checkReservedTitle(body);
      return writeAnswer(state.faults, 'plugins.create-status-string', 'plugin created successfully');
    },
  });

  api.route({
    ...operationRoute('updatePlugin'),
    handler: (request) => {
      const body = objectBody(request);
      // The planted fault looks for server-managed fields only beside a field update may change.
      const managed =
        managedFieldsIn(body).length > 0 &&
        (!fault('plugins.managed-field-alone-accepted') ||
          UPDATABLE_FIELDS.some((field) => has(body, field)));
      const invalidBody = statedMessage(
        new HttpError(fault('plugins.managed-field-400') ? 400 : 404, 'Invalid Body'),
      );
      // The planted fault refuses only after the update was applied.
      const refuseLate = fault('plugins.managed-field-applied-then-refused');
      if (managed && !refuseLate) throw invalidBody;
      const from = fault('plugins.update-title-from-query') ? queryOf(request) : body;
      const title = requireString(from, 'title', { nonEmpty: true });
      const doc =
        (fault('plugins.update-any-owner') && state.plugins.get(title)) ||
        (fault('plugins.update-ignores-title') && firstOwnPlugin(state, request.caller.accountId)) ||
        ownedPlugin(state, request.caller.accountId, title);
      checkFieldTypes(
        body,
        UPDATABLE_FIELDS.filter((field) => !updateSkipsType(field)),
      );
      const next = updatedPlugin(doc, body, state);
      if (fault('plugins.update-new-id')) next._id = newObjectId();
      if (fault('plugins.update-unsent-tags-cleared') && !has(body, 'tags')) next.tags = [];
      if (fault('plugins.update-os-ignored')) next.os = doc.os;
      state.plugins.add(next);
      // The planted faults: the search index gets the code as sent; siblings get the update too.
      if (has(body, 'func_run') && fault('plugins.search-index-code-clear-after-update'))
        state.plugins.index(title, { func_run: body.func_run as string });
      for (const sibling of prefixSiblings(
        state.plugins,
        request.caller.accountId,
        title,
        state.faults,
        'plugins.update-title-prefix-match',
      ))
        state.plugins.add({ ...updatedPlugin(sibling, body, state), title: sibling.title, _id: sibling._id });
      if (managed) throw invalidBody;
      return writeAnswer(state.faults, 'plugins.update-status-string', 'plugin updated successfully');
    },
  });

  api.route({
    ...operationRoute('deletePlugin'),
    handler: (request) => {
      const from = fault('plugins.delete-title-from-query') ? queryOf(request) : objectBody(request);
      const title = requireString(from, 'title', { nonEmpty: true });
      const doc = ownedPlugin(state, request.caller.accountId, title);
      const referenced = state.personas.all().some((r) => r.doc.accessible_plugin.includes(doc._id));
      if (fault('plugins.delete-blocked-by-assistant') && referenced) {
        throw badRequest('plugin is in use by an assistant');
      }
      // Assistants that list the plugin keep the id; they lose the capability, nothing blocks this.
      if (fault('plugins.delete-stays-public') && doc.isPublic) state.plugins.add({ ...doc, userId: '' });
      else if (fault('plugins.delete-unpublishes-only')) state.plugins.add({ ...doc, isPublic: false });
      else if (fault('plugins.delete-referenced-kept') && referenced) {
        // The planted fault: a plugin in use silently survives its delete.
      } else state.plugins.remove(title);
      const { accountId } = request.caller;
      for (const sibling of prefixSiblings(
        state.plugins,
        accountId,
        title,
        state.faults,
        'plugins.delete-title-prefix-match',
      ))
        state.plugins.remove(sibling.title);
      if (fault('plugins.delete-no-message')) return { status: true };
      return { status: true, message: successMessage('plugin deleted successfully') };
    },
  });

  done();
};
