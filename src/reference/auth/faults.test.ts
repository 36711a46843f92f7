import { describe, expect, it } from 'vitest';
import { describeFaultProbes, type FaultProbe } from '../testing/fault-probes.ts';
import { harnessForFile, startHarness, type As, type Harness } from '../testing/harness.ts';
import { PERSONA, PLUGIN, VOICES, personaBody } from '../testing/fixtures.ts';
import { AUTH_FAULTS, type AuthFault } from './faults.ts';
import { API_KEY_PREFIX } from './key-prefix.ts';
import { keySecret } from './keyring.ts';

/** Each planted fault must visibly change what a caller gets, or the self-test proves nothing. */

const summary = async (h: Harness, as: As, method: string, path: string, body?: unknown) => {
  const reply = await h.call(as, method, path, body === undefined ? {} : { body });
  return { status: reply.status, code: reply.json.code };
};

/** A scope_denied body: a knowledgeBase:view key deleting a base. */
const denied = async (h: Harness) => (await h.call('knowledgeBase:view', 'DELETE', '/kb/probe-base')).json;

/** Each probe returns what its fault changes; it must differ with and without the fault. */
const PROBES: Record<AuthFault, FaultProbe> = {
  'auth.token-scheme-accepted': (h) =>
    summary(h, { authorization: `Token ${h.keyring.keys.full ?? ''}` }, 'GET', VOICES),
  'auth.unknown-key-as-revoked': (h) =>
    summary(h, { authorization: 'Bearer svc_ai_no0such0key' }, 'GET', VOICES),
  'auth.share-token-accepted': async (h) => {
    const body = personaBody();
    await h.call('full', 'POST', PERSONA.create, { body });
    const token = (await h.call('full', 'POST', PERSONA.share(body.customPersonaId as string))).json
      .data as string;
    return summary(h, { authorization: `Bearer ${token}` }, 'GET', '/kb');
  },
  'auth.keys-without-prefix': async (h) => h.keyring.keys.full?.startsWith('svc_ai_'),
  'auth.revoked-as-invalid-bearer': (h) => summary(h, 'revoked', 'GET', VOICES),
  'auth.expiry-ignored': (h) => summary(h, 'expired', 'GET', VOICES),
  'auth.expiry-message-without-date': async (h) =>
    /\d{4}/.test(String((await h.call('expired', 'GET', VOICES)).json.message)),
  'auth.voice-catalog-public': (h) =>
    summary(h, { authorization: 'Bearer svc_ai_no0such0key' }, 'GET', VOICES),
  'auth.client-id-handshake': (h) => summary(h, 'full', 'GET', VOICES),
  'auth.first-request-opens-session': (h) => summary(h, 'full', 'GET', VOICES),
  'auth.forbidden-routes-hidden': (h) => summary(h, 'full', 'GET', '/keys'),
  'auth.unscoped-code-truncated': (h) => summary(h, 'full', 'GET', '/campaigns'),
  'auth.forbidden-routes-generic-code': (h) => summary(h, 'full', 'GET', '/keys'),
  'auth.unscoped-routes-hidden': (h) => summary(h, 'full', 'GET', '/campaigns'),
  'auth.update-attachment-needs-manage': (h) =>
    summary(h, 'knowledgeBase:edit', 'PATCH', '/kb/probe-base/personas/probe', {}),
  'auth.detach-at-view': (h) => summary(h, 'knowledgeBase:view', 'DELETE', '/kb/probe-base/personas/probe'),
  'auth.stats-need-edit': (h) => summary(h, 'knowledgeBase:view', 'GET', '/kb/probe-base/stats'),
  'auth.persona-bases-judged-as-assistants': (h) =>
    summary(h, 'knowledgeBase:view', 'GET', '/kb/persona/probe'),
  'auth.forbidden-routes-open-to-full': (h) => summary(h, 'full', 'GET', '/keys'),
  'auth.forbidden-routes-unlisted': (h) => summary(h, 'full', 'GET', '/keys'),
  'auth.legacy-reaches-kb': (h) => summary(h, 'legacy', 'GET', '/kb'),
  'auth.legacy-kb-not-in-scope-table': (h) => summary(h, 'legacy', 'GET', '/kb'),
  'auth.unscoped-routes-open': (h) => summary(h, 'full', 'GET', '/campaigns'),
  'auth.unscoped-routes-forbidden': (h) => summary(h, 'full', 'GET', '/campaigns'),
  'auth.module-ignored': (h) => summary(h, 'plugins:manage', 'POST', PERSONA.list()),
  'auth.level-off-by-one': (h) => summary(h, 'knowledgeBase:view', 'POST', '/kb', { name: 'probe' }),
  'auth.edit-may-delete': (h) =>
    summary(h, 'plugins:edit', 'DELETE', PLUGIN.delete, { title: 'probe_plugin' }),
  'auth.exact-level-only': (h) => summary(h, 'assistants:manage', 'POST', PERSONA.list()),
  'auth.higher-level-not-found': (h) => summary(h, 'assistants:manage', 'POST', PERSONA.list()),
  'auth.transfer-at-edit': (h) =>
    summary(h, 'assistants:edit', 'POST', PERSONA.transfer('0123456789abcdef01234567'), {}),
  'auth.delete-base-at-edit': (h) => summary(h, 'knowledgeBase:edit', 'DELETE', '/kb/probe-base'),
  'auth.create-plugin-any-level': (h) => summary(h, 'plugins:view', 'POST', PLUGIN.create, {}),
  'auth.update-plugin-needs-manage': (h) =>
    summary(h, 'plugins:edit', 'PUT', PLUGIN.update, { title: 'probe_plugin' }),
  'auth.query-needs-edit': (h) =>
    summary(h, 'knowledgeBase:view', 'POST', '/kb/probe-base/query', { query: 'probe' }),
  'auth.detach-needs-manage': (h) =>
    summary(h, 'knowledgeBase:edit', 'DELETE', '/kb/probe-base/personas/probe'),
  'auth.voices-judged-as-assistants': (h) => summary(h, 'assistants:manage', 'GET', VOICES),
  'auth.preset-without-voices': (h) => summary(h, 'preset:assistants-knowledge', 'GET', VOICES),
  'auth.list-assistants-needs-edit': (h) => summary(h, 'assistants:view', 'POST', PERSONA.list()),
  'auth.search-assistants-needs-edit': (h) =>
    summary(h, 'assistants:view', 'POST', PERSONA.search, { search: 'probe' }),
  'auth.get-assistant-needs-edit': (h) => summary(h, 'assistants:view', 'POST', PERSONA.get('probe')),
  'auth.create-assistant-at-view': (h) => summary(h, 'assistants:view', 'POST', PERSONA.create, {}),
  'auth.update-assistant-needs-manage': (h) =>
    summary(h, 'assistants:edit', 'PUT', PERSONA.update, { customPersonaId: 'probe' }),
  'auth.delete-assistant-at-edit': (h) => summary(h, 'assistants:edit', 'DELETE', PERSONA.delete('probe')),
  'auth.share-assistant-at-edit': (h) => summary(h, 'assistants:edit', 'POST', PERSONA.share('probe')),
  'auth.transfer-row-missing': (h) =>
    summary(h, 'assistants:manage', 'POST', PERSONA.transfer('0123456789abcdef01234567'), {}),
  'auth.voices-need-edit': (h) => summary(h, 'voices:view', 'GET', VOICES),
  'auth.voices-accept-assistants': (h) => summary(h, 'assistants:view', 'GET', VOICES),
  'auth.list-plugins-needs-edit': (h) => summary(h, 'plugins:view', 'POST', PLUGIN.list()),
  'auth.get-plugin-needs-edit': (h) =>
    summary(h, 'plugins:view', 'POST', PLUGIN.get, { title: 'probe_plugin' }),
  'auth.search-plugins-needs-edit': (h) =>
    summary(h, 'plugins:view', 'POST', PLUGIN.search, { search: 'probe' }),
  'auth.delete-plugin-at-edit': (h) =>
    summary(h, 'plugins:edit', 'DELETE', PLUGIN.delete, { title: 'probe_plugin' }),
  'auth.list-assistants-row-missing': (h) => summary(h, 'assistants:view', 'POST', PERSONA.list()),
  'auth.create-assistant-needs-manage': (h) => summary(h, 'assistants:edit', 'POST', PERSONA.create, {}),
  'auth.update-assistant-at-view': (h) =>
    summary(h, 'assistants:view', 'PUT', PERSONA.update, { customPersonaId: 'probe' }),
  'auth.delete-assistant-any-manage': (h) => summary(h, 'plugins:manage', 'DELETE', PERSONA.delete('probe')),
  'auth.transfer-any-manage': (h) =>
    summary(h, 'knowledgeBase:manage', 'POST', PERSONA.transfer('0123456789abcdef01234567'), {}),
  'auth.list-plugins-judged-as-assistants': (h) => summary(h, 'plugins:view', 'POST', PLUGIN.list()),
  'auth.delete-plugin-any-manage': (h) =>
    summary(h, 'assistants:manage', 'DELETE', PLUGIN.delete, { title: 'probe_plugin' }),
  'auth.search-assistants-row-missing': (h) =>
    summary(h, 'assistants:view', 'POST', PERSONA.search, { search: 'probe' }),
  'auth.get-assistant-any-module': (h) => summary(h, 'plugins:view', 'POST', PERSONA.get('probe')),
  'auth.share-assistant-any-manage': (h) => summary(h, 'plugins:manage', 'POST', PERSONA.share('probe')),
  'auth.voices-row-missing': (h) => summary(h, 'voices:view', 'GET', VOICES),
  'auth.voices-any-module': (h) => summary(h, 'assistants:view', 'GET', VOICES),
  'auth.get-plugin-judged-as-assistants': (h) =>
    summary(h, 'plugins:view', 'POST', PLUGIN.get, { title: 'probe_plugin' }),
  'auth.search-plugins-row-missing': (h) =>
    summary(h, 'plugins:view', 'POST', PLUGIN.search, { search: 'probe' }),
  'auth.scope-denied-without-held': denied,
  'auth.scope-denied-module-renamed': denied,
  'auth.scope-denied-required-is-held': denied,
  'auth.scope-denied-generic-code': denied,
  'auth.gate-without-flags': denied,
};

const unfaulted = harnessForFile();

describeFaultProbes('auth faults', AUTH_FAULTS, PROBES);

describe('auth faults beyond their probes', () => {
  it('leaves every other behaviour alone: a fault of one row changes only that row', async () => {
    const faulted = await startHarness({ faults: ['auth.query-needs-edit'] });
    try {
      expect(await summary(faulted, 'knowledgeBase:view', 'GET', '/kb')).toEqual(
        await summary(unfaulted, 'knowledgeBase:view', 'GET', '/kb'),
      );
      expect(await PROBES['auth.detach-needs-manage'](faulted)).toEqual(
        await PROBES['auth.detach-needs-manage'](unfaulted),
      );
    } finally {
      await faulted.close();
    }
  });

  // The random part of an unprefixed key once could spell ai_ (one key in 262,144): the probe above
  // would then see svc_ai_ and miss the fault by chance.
  it('keys-without-prefix issues no svc_ai_ key whatever the random part spells', () => {
    const draws = ['svc_ai_Xq3', 'svc_ai_Zr8', 'svc_Kp2ai_'];
    const secret = keySecret('svc_', () => draws.shift() ?? 'svc_none_left');
    expect(secret).toBe('svc_Kp2ai_');
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(false);
  });
});
