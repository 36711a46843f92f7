import type { FastifyPluginCallback } from 'fastify';
import { has, objectBody, requireString, type Body } from '../http/body.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { newObjectId } from '../http/ids.ts';
import { operationRoute } from '../http/operation-route.ts';
import type { OsName } from '../platforms.ts';
import type { ReferenceState, StateOptions } from '../state.ts';
import { pluginFault, type PluginFault } from './faults.ts';
import { SERVER_MANAGED_FIELDS, UPDATABLE_FIELDS, checkCreateRules, checkFieldTypes } from './fields.ts';
import { canSeePlugin, initialStatus, ownsPlugin, type PluginDoc } from './store.ts';

const UNAUTHORIZED_USER = 'unauthorized user';
const APP_VERSION = '1.0.0';

function agenticTool(value: unknown, state: ReferenceState): PluginDoc['is_agentic_tool'] {
  if (typeof value !== 'object' || value === null) {
    return {
      status: false,
      object: pluginFault(state.faults, 'plugins.agentic-tool-default-incomplete') ? undefined : null,
    };
  }
  const { status, object } = value as { status: boolean; object?: unknown };
  return { status, object: object ?? null };
}

/** Builds the stored plugin from a body that passed every create rule. */
function newPlugin(body: Body, state: ReferenceState, accountId: string): PluginDoc {
  const now = state.now().toISOString();
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
    if (field === 'func_schema' || field === 'func_run') next[field] = state.cipher.encrypt(value as string);
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

/** Create, update and delete. */
export const pluginWriteRoutes: FastifyPluginCallback<StateOptions> = (api, { state }, done) => {
  const fault = (id: PluginFault) => pluginFault(state.faults, id);

  /** Server-managed fields the body carries; the planted fault lets the plugin's own `_id` through. */
  const managedFieldsIn = (body: Body): string[] =>
    SERVER_MANAGED_FIELDS.filter((field) => has(body, field)).filter(
      (field) =>
        !(
          field === '_id' &&
          fault('plugins.own-id-accepted-on-update') &&
          body._id === state.plugins.get(String(body.title))?._id
        ),
    );

  api.route({
    ...operationRoute('createPlugin'),
    handler: (request) => {
      const body = objectBody(request);
      checkCreateRules(body, state.faults);
      const title = body.title as string;
      if (state.plugins.get(title) && !fault('plugins.duplicate-title-replaces')) {
        throw badRequest(`plugin already exists with title ${title}`);
      }
      state.plugins.add(newPlugin(body, state, request.caller.accountId));
      return { status: true, message: 'plugin created successfully' };
    },
  });

  api.route({
    ...operationRoute('updatePlugin'),
    handler: (request) => {
      const body = objectBody(request);
      if (managedFieldsIn(body).length > 0) throw new HttpError(404, 'Invalid Body');
      const title = requireString(body, 'title', { nonEmpty: true });
      const doc =
        (fault('plugins.update-any-owner') && state.plugins.get(title)) ||
        ownedPlugin(state, request.caller.accountId, title);
      checkFieldTypes(body, UPDATABLE_FIELDS);
      state.plugins.add(updatedPlugin(doc, body, state));
      return { status: true, message: 'plugin updated successfully' };
    },
  });

  api.route({
    ...operationRoute('deletePlugin'),
    handler: (request) => {
      const title = requireString(objectBody(request), 'title', { nonEmpty: true });
      const doc = ownedPlugin(state, request.caller.accountId, title);
      if (
        fault('plugins.delete-blocked-by-assistant') &&
        state.personas.all().some((r) => r.doc.accessible_plugin.includes(doc._id))
      ) {
        throw badRequest('plugin is in use by an assistant');
      }
      // Assistants that list the plugin keep the id; they lose the capability, nothing blocks this.
      if (fault('plugins.delete-stays-public') && doc.isPublic) state.plugins.add({ ...doc, userId: '' });
      else state.plugins.remove(title);
      return { status: true, message: 'plugin deleted successfully' };
    },
  });

  done();
};
