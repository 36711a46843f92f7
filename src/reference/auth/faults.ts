import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the auth module, for the suite's self-test: each is one small branch in the
 * guard, the scope table, the refusal bodies or the keyring, breaking the one requirement it names.
 */
export const AUTH_FAULTS = {
  // The bearer header and the key itself.
  'auth.token-scheme-accepted': {
    requirement: 'ERR-04',
    breaks: 'a valid key under the `Token` scheme is accepted',
  },
  'auth.unknown-key-as-revoked': {
    requirement: 'ERR-03',
    breaks: 'an unknown key is refused with 403 key_revoked instead of 401',
  },
  'auth.share-token-accepted': {
    requirement: 'AS-SHARE-05',
    breaks: "a share token (con_sh_) is accepted as a bearer, with full access to its assistant's account",
  },
  'auth.keys-without-prefix': {
    requirement: 'AUTH-04',
    breaks: 'keys are issued with the prefix `svc_` instead of `svc_ai_`',
  },
  'auth.revoked-as-invalid-bearer': {
    requirement: 'ERR-05',
    breaks: 'a revoked key gets 401 invalid bearer token instead of 403 key_revoked',
  },
  'auth.expiry-ignored': { requirement: 'ERR-06', breaks: 'an expired key is accepted' },
  'auth.expiry-message-without-date': {
    requirement: 'ERR-07',
    breaks: 'the key_expired message does not carry the date',
  },
  'auth.voice-catalog-public': {
    requirement: 'AUTH-01',
    breaks: 'the voice catalog is served whatever the Authorization header holds, an unknown key included',
  },
  'auth.client-id-handshake': {
    requirement: 'AUTH-02',
    breaks: 'a valid key is refused with 401 unless the request also carries an X-Client-Id header',
  },
  'auth.first-request-opens-session': {
    requirement: 'AUTH-02',
    breaks: "a key's first request only opens a session and is refused with 401; later ones pass",
  },
  // Routes outside the scope table.
  'auth.forbidden-routes-hidden': {
    requirement: 'ERR-08',
    breaks: 'routes refused to keys answer 404 not_found instead of 403 route_forbidden',
  },
  'auth.forbidden-routes-generic-code': {
    requirement: 'ERR-08',
    breaks: 'routes refused to keys answer 403 with code forbidden instead of route_forbidden',
  },
  'auth.unscoped-routes-hidden': {
    requirement: 'ERR-11',
    breaks: 'a route without a scope rule answers scoped keys 404 not_found instead of 403',
  },
  'auth.unscoped-code-truncated': {
    requirement: 'ERR-11',
    breaks: 'a route without a scope rule refuses scoped keys with code route_not_in_scope',
  },
  'auth.forbidden-routes-open-to-full': {
    requirement: 'AUTH-14',
    breaks:
      'a key holding manage on every module reaches the routes refused to keys (key management, team, ...)',
  },
  'auth.forbidden-routes-unlisted': {
    requirement: 'AUTH-15',
    breaks:
      'routes refused to keys are judged as routes without a scope rule (route_not_in_scope_table, not route_forbidden)',
  },
  'auth.legacy-reaches-kb': {
    requirement: 'AUTH-20',
    breaks: 'a legacy unrestricted key reaches the /kb routes',
  },
  'auth.legacy-kb-not-in-scope-table': {
    requirement: 'ERR-09',
    breaks: 'a legacy key on a /kb route gets route_not_in_scope_table instead of route_forbidden',
  },
  'auth.unscoped-routes-open': {
    requirement: 'VER-03',
    breaks: 'a scoped key reaches a route without a scope rule (fails open)',
  },
  'auth.unscoped-routes-forbidden': {
    requirement: 'AUTH-22',
    breaks:
      'a route without a scope rule refuses scoped keys with route_forbidden instead of route_not_in_scope_table',
  },
  // The scope table: levels and modules.
  'auth.module-ignored': {
    requirement: 'AUTH-05',
    breaks: "the level is compared with the key's highest level in any module",
  },
  'auth.level-off-by-one': {
    requirement: 'AUTH-08',
    breaks: 'a key passes operations one level above the one it holds (view writes)',
  },
  'auth.edit-may-delete': {
    requirement: 'AUTH-09',
    breaks: 'destructive operations accept a key holding edit',
  },
  'auth.exact-level-only': {
    requirement: 'AUTH-11',
    breaks: 'a higher level does not include the lower ones (manage cannot list)',
  },
  'auth.higher-level-not-found': {
    requirement: 'AUTH-11',
    breaks:
      'a scoped key holding more than the level an operation needs passes the gate, then gets 404 (as if the route did not exist)',
  },
  'auth.transfer-at-edit': {
    requirement: 'AUTH-10',
    breaks: 'transfer ownership needs only assistants:edit',
  },
  'auth.delete-base-at-edit': {
    requirement: 'KB-BASE-17',
    breaks: 'delete knowledge base needs only knowledgeBase:edit',
  },
  'auth.create-plugin-any-level': {
    requirement: 'PL-CREATE-01',
    breaks: 'create plugin accepts any plugins level (its row says view)',
  },
  'auth.update-plugin-needs-manage': {
    requirement: 'PL-UPDATE-01',
    breaks: 'update plugin demands plugins:manage',
  },
  'auth.query-needs-edit': { requirement: 'KB-QUERY-13', breaks: 'query demands knowledgeBase:edit' },
  'auth.detach-needs-manage': { requirement: 'KB-ATTACH-25', breaks: 'detach demands knowledgeBase:manage' },
  'auth.update-attachment-needs-manage': {
    requirement: 'KB-ATTACH-16',
    breaks: 'update attachment demands knowledgeBase:manage',
  },
  'auth.detach-at-view': { requirement: 'KB-ATTACH-17', breaks: 'detach accepts knowledgeBase:view' },
  'auth.stats-need-edit': { requirement: 'KB-STATS-01', breaks: 'stats demand knowledgeBase:edit' },
  'auth.persona-bases-judged-as-assistants': {
    requirement: 'KB-ASSISTANT-06',
    breaks:
      "an assistant's bases are judged by the assistants module, so a knowledgeBase-only key is refused",
  },
  'auth.voices-judged-as-assistants': {
    requirement: 'AUTH-23',
    breaks: 'the voice catalog is judged by the assistants module, so an assistants-only key reaches it',
  },
  'auth.preset-without-voices': {
    requirement: 'AUTH-24',
    breaks: 'the assistants-and-knowledge preset is issued without voices',
  },
  // The scope rows of the assistant, voice and plugin routes, each judged one level off.
  'auth.list-assistants-needs-edit': {
    requirement: 'AS-LIST-01',
    breaks: 'list assistants demands assistants:edit (its POST taken for a write)',
  },
  'auth.search-assistants-needs-edit': {
    requirement: 'AS-SEARCH-01',
    breaks: 'search assistants demands assistants:edit (its POST taken for a write)',
  },
  'auth.get-assistant-needs-edit': {
    requirement: 'AS-GET-01',
    breaks: 'get assistant demands assistants:edit (its POST taken for a write)',
  },
  'auth.create-assistant-at-view': {
    requirement: 'AS-CREATE-27',
    breaks: 'create assistant accepts assistants:view',
  },
  'auth.update-assistant-needs-manage': {
    requirement: 'AS-UPDATE-01',
    breaks: 'update assistant demands assistants:manage',
  },
  'auth.delete-assistant-at-edit': {
    requirement: 'AS-DELETE-01',
    breaks: 'delete assistant needs only assistants:edit',
  },
  'auth.share-assistant-at-edit': {
    requirement: 'AS-SHARE-01',
    breaks: 'share assistant needs only assistants:edit',
  },
  'auth.transfer-row-missing': {
    requirement: 'AS-TRANSFER-01',
    breaks:
      'transfer ownership has no row in the scope table, so every scoped key, manage included, gets route_not_in_scope_table',
  },
  'auth.voices-need-edit': { requirement: 'VOICE-11', breaks: 'the voice catalog demands voices:edit' },
  'auth.voices-accept-assistants': {
    requirement: 'VOICE-15',
    breaks: 'the voice catalog also lets through a key holding assistants (at any level) without voices',
  },
  'auth.list-plugins-needs-edit': {
    requirement: 'PL-LIST-01',
    breaks: 'list plugins demands plugins:edit (its POST taken for a write)',
  },
  'auth.get-plugin-needs-edit': {
    requirement: 'PL-GET-01',
    breaks: 'get plugin demands plugins:edit (its POST taken for a write)',
  },
  'auth.search-plugins-needs-edit': {
    requirement: 'PL-SEARCH-01',
    breaks: 'search plugins demands plugins:edit (its POST taken for a write)',
  },
  'auth.delete-plugin-at-edit': {
    requirement: 'PL-DELETE-01',
    breaks: 'delete plugin needs only plugins:edit',
  },
  // The same rows, each with a second bug: the other direction, a missing row, another module.
  'auth.list-assistants-row-missing': {
    requirement: 'AS-LIST-01',
    breaks:
      'list assistants has no row in the scope table (keyed without its sessionId), so every scoped key gets route_not_in_scope_table',
  },
  'auth.create-assistant-needs-manage': {
    requirement: 'AS-CREATE-27',
    breaks: 'create assistant demands assistants:manage',
  },
  'auth.update-assistant-at-view': {
    requirement: 'AS-UPDATE-01',
    breaks: 'update assistant accepts assistants:view',
  },
  'auth.delete-assistant-any-manage': {
    requirement: 'AS-DELETE-01',
    breaks: 'delete assistant accepts a key holding manage in any module, assistants or not',
  },
  'auth.transfer-any-manage': {
    requirement: 'AS-TRANSFER-01',
    breaks: 'transfer ownership accepts a key holding manage in any module, assistants or not',
  },
  'auth.list-plugins-judged-as-assistants': {
    requirement: 'PL-LIST-01',
    breaks:
      'the plugin list (the assistant editor picks from it) is judged by the assistants module: an assistants key reaches it, a plugins key is refused',
  },
  'auth.delete-plugin-any-manage': {
    requirement: 'PL-DELETE-01',
    breaks: 'delete plugin accepts a key holding manage in any module, plugins or not',
  },
  'auth.search-assistants-row-missing': {
    requirement: 'AS-SEARCH-01',
    breaks:
      'search assistants has no row in the scope table, so every scoped key gets route_not_in_scope_table',
  },
  'auth.get-assistant-any-module': {
    requirement: 'AS-GET-01',
    breaks: 'get assistant accepts a key holding view or more in any module, assistants or not',
  },
  'auth.share-assistant-any-manage': {
    requirement: 'AS-SHARE-01',
    breaks: 'share assistant accepts a key holding manage in any module, assistants or not',
  },
  'auth.voices-row-missing': {
    requirement: 'VOICE-11',
    breaks:
      'the voice catalog (outside the persona routes) has no row in the scope table, so a voices:view key gets route_not_in_scope_table',
  },
  'auth.voices-any-module': {
    requirement: 'VOICE-15',
    breaks: 'the voice catalog accepts a key holding any module, an assistants-only key included',
  },
  'auth.get-plugin-judged-as-assistants': {
    requirement: 'PL-GET-01',
    breaks:
      'get plugin (the assistant editor reads it) is judged by the assistants module: an assistants key reaches it, a plugins key is refused',
  },
  'auth.search-plugins-row-missing': {
    requirement: 'PL-SEARCH-01',
    breaks: 'search plugins has no row in the scope table, so every scoped key gets route_not_in_scope_table',
  },
  // The 403 bodies of the scope gate.
  'auth.scope-denied-without-held': { requirement: 'ERR-02', breaks: 'the scope_denied body has no `held`' },
  'auth.scope-denied-module-renamed': {
    requirement: 'AUTH-06',
    breaks: 'scope_denied names the module knowledge_base instead of knowledgeBase',
  },
  'auth.scope-denied-required-is-held': {
    requirement: 'AUTH-13',
    breaks: 'scope_denied reports the held level as `required`',
  },
  'auth.scope-denied-generic-code': {
    requirement: 'ERR-10',
    breaks: 'a level too low is refused with code forbidden instead of scope_denied',
  },
  'auth.gate-without-flags': {
    requirement: 'ERR-01',
    breaks: 'the 403 bodies of the scope gate carry no `auth` and `success`',
  },
} as const satisfies Record<string, FaultSpec>;

export type AuthFault = keyof typeof AUTH_FAULTS;

/** Whether a auth fault is planted. */
export const authFault = faultCheck(AUTH_FAULTS);
