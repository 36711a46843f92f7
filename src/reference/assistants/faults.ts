import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the assistant module, for the suite's self-test: each is one small branch at
 * the point of a plausible bug, breaking the one requirement it names.
 */
export const ASSISTANT_FAULTS = {
  // Shapes and paging.
  'assistants.get-status-string': {
    requirement: 'CONV-10',
    breaks: 'get answers status as the string "true", not a boolean',
  },
  'assistants.list-limit-20': {
    requirement: 'LIM-09',
    breaks: 'the assistant list pages by 20 without limit, not 50',
  },
  'assistants.list-page-repeats-previous': {
    requirement: 'AS-LIST-02',
    breaks:
      'each list page after the first begins with the last assistant of the page before, so one is never listed; sizes and totals stay right',
  },
  'assistants.list-count-with-documents': {
    requirement: 'AS-LIST-12',
    breaks: 'ret=count is ignored: the list returns the documents with the total',
  },
  // List filters.
  'assistants.list-public-shows-private': {
    requirement: 'AS-LIST-05',
    breaks: 'isPublic=public lists everything the caller can see, its private assistants included',
  },
  'assistants.list-private-shows-public': {
    requirement: 'AS-LIST-04',
    breaks: "isPublic=private lists every public assistant too, other accounts' included",
  },
  'assistants.list-main-agent-ignored': {
    requirement: 'AS-LIST-07',
    breaks: 'isMainAgent=false is ignored: main agents are listed too',
  },
  'assistants.list-os-default-all': {
    requirement: 'AS-LIST-08',
    breaks: 'without os every platform is listed, not nt only',
  },
  'assistants.list-origin-ignored': {
    requirement: 'AS-LIST-09',
    breaks: 'a browser Origin header does not override os',
  },
  'assistants.search-name-only': {
    requirement: 'AS-SEARCH-02',
    breaks: 'search matches the name only, not the title',
  },
  // Get and account isolation.
  'assistants.get-unseen-404': {
    requirement: 'ERR-12',
    breaks: 'get answers 404, not 400, for an id the account cannot see',
  },
  'assistants.get-ignores-account': {
    requirement: 'AS-GET-04',
    breaks: "get returns any assistant by its id, another account's private one included",
  },
  // Create.
  'assistants.create-echoes-document': {
    requirement: 'AS-CREATE-29',
    breaks: 'create echoes the created document as personaData',
  },
  'assistants.general-tag-not-appended': {
    requirement: 'AS-CREATE-08',
    breaks: 'the tag General is not appended when the create leaves it out',
  },
  'assistants.create-is-public-optional': {
    requirement: 'AS-CREATE-04',
    breaks: 'a create without isPublic is accepted (as private) instead of a 400',
  },
  'assistants.personality-2101-accepted': {
    requirement: 'AS-CREATE-14',
    breaks: 'the personality limit is off by one: 2,101 characters are accepted',
  },
  'assistants.personality-2100-refused': {
    requirement: 'AS-CREATE-13',
    breaks: 'the personality limit is off by one the other way: 2,100 characters are refused',
  },
  'assistants.android-cap-any-android': {
    requirement: 'AS-CREATE-10',
    breaks:
      'the 5,000-character prompt cap applies to every assistant targeting android, not android-only ones',
  },
  'assistants.android-not-truncated': {
    requirement: 'AS-CREATE-11',
    breaks: 'the prompt of an android-only assistant is kept whole beyond 5,000 characters',
  },
  'assistants.duplicate-id-409': {
    requirement: 'AS-CREATE-30',
    breaks: 'a duplicate customPersonaId is a 409, not a 404',
  },
  'assistants.provider-voice-id-accepted': {
    requirement: 'VOICE-10',
    breaks: "a voice's provider voice_id is accepted as voice on create and update",
  },
  // Update.
  'assistants.update-array-appends': {
    requirement: 'AS-UPDATE-05',
    breaks: 'an array for a list field (os, tags, ...) appends instead of replacing',
  },
  'assistants.update-plugin-string-adds': {
    requirement: 'AS-UPDATE-08',
    breaks: 'a bare accessible_plugin string adds the plugin instead of removing it',
  },
  'assistants.update-resets-unsent': {
    requirement: 'AS-UPDATE-02',
    breaks: 'update is not partial: base_sys_prompt and title not sent are reset to empty',
  },
  'assistants.update-by-any-viewer': {
    requirement: 'AS-UPDATE-12',
    breaks: 'any account that can see an assistant (a public one) may update it',
  },
  // Delete, share and transfer.
  'assistants.delete-keeps-attachments': {
    requirement: 'KB-ATTACH-12',
    breaks: 'deleting an assistant leaves its knowledge-base attachments under its customPersonaId',
  },
  'assistants.share-token-unprefixed': {
    requirement: 'AS-SHARE-03',
    breaks: 'share tokens begin sh_, not con_sh_',
  },
  'assistants.transfer-accepts-custom-id': {
    requirement: 'AS-TRANSFER-03',
    breaks: 'transfer also finds the assistant by its customPersonaId instead of refusing a non-object id',
  },
  'assistants.transfer-unknown-email-accepted': {
    requirement: 'AS-TRANSFER-05',
    breaks:
      "a transfer to an email without an account is accepted and hands the assistant to that email, out of its owner's reach",
  },
  'assistants.transfer-keep-access-without-note': {
    requirement: 'AS-TRANSFER-09',
    breaks: 'a transfer with keepAccess true answers without note',
  },
} as const satisfies Record<string, FaultSpec>;

export type AssistantFault = keyof typeof ASSISTANT_FAULTS;

/** Whether a assistants fault is planted. */
export const assistantFault = faultCheck(ASSISTANT_FAULTS);
