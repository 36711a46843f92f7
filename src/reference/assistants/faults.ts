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
  // Account isolation and the vestigial segment.
  'assistants.delete-any-caller': {
    requirement: 'CONV-07',
    breaks: 'delete consults no caller: any key deletes any assistant by its customPersonaId',
  },
  'assistants.list-session-id-object-id': {
    requirement: 'CONV-08',
    breaks: 'the list refuses (400) a sessionId that is not an object id',
  },
  // List: shape and paging.
  'assistants.list-has-status': {
    requirement: 'CONV-09',
    breaks: 'the assistant list carries status: true',
  },
  'assistants.list-empty-status-false': {
    requirement: 'AS-LIST-14',
    breaks: 'a list page with no assistant carries status: false',
  },
  'assistants.list-empty-without-array': {
    requirement: 'AS-LIST-15',
    breaks: 'a list page with no assistant answers {totalPersonas, message} without allPersonas',
  },
  'assistants.list-current-page-string': {
    requirement: 'AS-LIST-13',
    breaks: 'the list answers currentPage as a string',
  },
  'assistants.list-page-zero-based': {
    requirement: 'AS-LIST-10',
    breaks: 'list pages count from 0: page 1 (and no page) is the second page',
  },
  'assistants.list-default-unlimited': {
    requirement: 'AS-LIST-11',
    breaks: 'without limit the list returns every assistant on one page',
  },
  'assistants.list-is-public-default-public': {
    requirement: 'AS-LIST-03',
    breaks: 'without isPublic the list shows the public catalog only, not all',
  },
  'assistants.list-main-agent-default-true': {
    requirement: 'AS-LIST-06',
    breaks: 'without isMainAgent the list shows main agents only, not all',
  },
  // List and search: item fields.
  'assistants.list-omits-id': { requirement: 'AS-SHAPE-01', breaks: 'list items carry no _id' },
  'assistants.list-persona-id-key': {
    requirement: 'AS-SHAPE-02',
    breaks: 'list items carry the customPersonaId as personaId',
  },
  'assistants.list-omits-name': { requirement: 'AS-SHAPE-03', breaks: 'list items carry no name' },
  'assistants.list-omits-title': { requirement: 'AS-SHAPE-04', breaks: 'list items carry no title' },
  'assistants.list-is-public-string': {
    requirement: 'AS-SHAPE-05',
    breaks: 'list items carry isPublic as the string "true" or "false"',
  },
  'assistants.list-voice-provider-id': {
    requirement: 'AS-SHAPE-06',
    breaks: "list items carry the voice's provider voice_id, not its _id",
  },
  'assistants.list-os-joined': {
    requirement: 'AS-SHAPE-07',
    breaks: 'list items carry os as one comma-separated string',
  },
  'assistants.list-main-agent-lowercase': {
    requirement: 'AS-SHAPE-08',
    breaks: 'list items spell the key is_main_agent',
  },
  'assistants.list-omits-attached-kbs': {
    requirement: 'AS-SHAPE-09',
    breaks: 'list items carry no attached_kbs',
  },
  'assistants.list-created-at-epoch': {
    requirement: 'AS-SHAPE-10',
    breaks: 'list items carry createdAt as epoch milliseconds, not an ISO 8601 string',
  },
  'assistants.search-omits-id': { requirement: 'AS-SHAPE-11', breaks: 'search items carry no _id' },
  'assistants.search-omits-custom-id': {
    requirement: 'AS-SHAPE-12',
    breaks: 'search items carry no customPersonaId',
  },
  'assistants.search-name-is-title': {
    requirement: 'AS-SHAPE-13',
    breaks: "search items carry the assistant's title as name",
  },
  // Search: filters and paging.
  'assistants.search-ignores-main-agent': {
    requirement: 'AS-SEARCH-04',
    breaks: 'search ignores isMainAgent',
  },
  'assistants.search-os-default-all': {
    requirement: 'AS-SEARCH-05',
    breaks: 'search without os finds every platform, not nt only',
  },
  'assistants.search-ignores-page': {
    requirement: 'AS-SEARCH-06',
    breaks: 'search always answers the first page, whatever page asks',
  },
  'assistants.search-default-unlimited': {
    requirement: 'AS-SEARCH-07',
    breaks: 'search without limit returns every match on one page',
  },
  'assistants.search-default-limit-50': {
    requirement: 'LIM-10',
    breaks: "search pages by 50 without limit (the list's default), not 30",
  },
  'assistants.search-no-status': {
    requirement: 'AS-SEARCH-08',
    breaks: 'search answers without status, like the list',
  },
  // Get: addressing, shape and fields.
  'assistants.get-session-as-persona': {
    requirement: 'AS-GET-02',
    breaks: 'get reads the assistant id from the sessionId segment, not personaId',
  },
  'assistants.get-data-key': {
    requirement: 'AS-GET-03',
    breaks: 'get answers the assistant as data, not personaData',
  },
  'assistants.get-by-object-id': {
    requirement: 'IDS-04',
    breaks: 'get also finds an assistant by its object _id',
  },
  'assistants.get-omits-id': { requirement: 'AS-SHAPE-14', breaks: 'get carries no _id' },
  'assistants.get-persona-id-key': {
    requirement: 'AS-SHAPE-15',
    breaks: 'get carries the customPersonaId as personaId',
  },
  'assistants.get-omits-name': { requirement: 'AS-SHAPE-16', breaks: 'get carries no name' },
  'assistants.get-hides-prompt': {
    requirement: 'AS-SHAPE-17',
    breaks: 'get leaves out base_sys_prompt',
  },
  'assistants.get-voice-populated': {
    requirement: 'AS-SHAPE-18',
    breaks: 'get carries voice as an object {_id, title}, not the _id string',
  },
  'assistants.get-plugins-joined': {
    requirement: 'AS-SHAPE-19',
    breaks: 'get carries accessible_plugin as one comma-separated string, not an array',
  },
  'assistants.get-omits-attached-kbs': {
    requirement: 'AS-SHAPE-21',
    breaks: 'get carries no attached_kbs',
  },
  'assistants.attached-kb-id-snake': {
    requirement: 'AS-SHAPE-22',
    breaks: 'attached_kbs entries carry kb_id, not kbId',
  },
  'assistants.attached-enabled-string': {
    requirement: 'AS-SHAPE-23',
    breaks: 'attached_kbs entries carry enabled as a string',
  },
  'assistants.attached-grounding-camel': {
    requirement: 'AS-SHAPE-24',
    breaks: 'attached_kbs entries carry groundingMode, not grounding_mode',
  },
  // Create: fields.
  'assistants.create-name-from-title': {
    requirement: 'AS-CREATE-01',
    breaks: 'create stores the title as the name when a title is sent',
  },
  'assistants.create-generates-custom-id': {
    requirement: 'AS-CREATE-02',
    breaks: 'a create without customPersonaId is accepted under a generated id',
  },
  'assistants.create-always-private': {
    requirement: 'AS-CREATE-03',
    breaks: 'create stores every assistant private: isPublic true never reaches the shared catalog',
  },
  'assistants.create-first-voice-only': {
    requirement: 'AS-CREATE-05',
    breaks: "create accepts only the catalog's first voice; every other catalog _id is a 400",
  },
  'assistants.voice-optional-web': {
    requirement: 'AS-CREATE-06',
    breaks: 'voice is not required of an assistant that does not target nt',
  },
  'assistants.tags-optional': {
    requirement: 'AS-CREATE-07',
    breaks: 'a create without tags is accepted',
  },
  'assistants.prompt-cap-every-platform': {
    requirement: 'AS-CREATE-09',
    breaks: 'every prompt is cut at 5,000 characters, whatever the platforms',
  },
  'assistants.title-dropped': {
    requirement: 'AS-CREATE-12',
    breaks: 'create does not keep the title',
  },
  'assistants.gender-letter-code': {
    requirement: 'AS-CREATE-15',
    breaks: 'create accepts gender only as the letter M or F',
  },
  'assistants.languages-iso-codes': {
    requirement: 'AS-CREATE-16',
    breaks: 'create accepts languages only as two-letter codes',
  },
  'assistants.behavior-string-only': {
    requirement: 'AS-CREATE-17',
    breaks: 'create refuses behavior as an array (it wants one string)',
  },
  'assistants.os-adds-nt': {
    requirement: 'AS-CREATE-18',
    breaks: 'create adds nt to the platforms sent',
  },
  'assistants.main-agent-false-ignored': {
    requirement: 'AS-CREATE-19',
    breaks: 'Is_main_agent false is stored as true',
  },
  'assistants.main-agent-lowercase-read': {
    requirement: 'AS-CREATE-20',
    breaks: 'create reads is_main_agent (lowercase i), so Is_main_agent sent is ignored',
  },
  'assistants.agentic-tool-object': {
    requirement: 'AS-CREATE-21',
    breaks: "create wants is_agentic_tool as the plugin's {status, object}: a boolean is a 400",
  },
  'assistants.plugins-dropped': {
    requirement: 'AS-CREATE-22',
    breaks: 'create does not keep accessible_plugin',
  },
  'assistants.plugins-as-titles': {
    requirement: 'IDS-03',
    breaks: 'create takes accessible_plugin for plugin titles: a plugin _id is a 400',
  },
  'assistants.grants-ignored': {
    requirement: 'AS-CREATE-23',
    breaks: 'authorised_users_email grants nothing: the account of a listed email does not see the assistant',
  },
  'assistants.logo-needs-extension': {
    requirement: 'AS-CREATE-25',
    breaks: 'create refuses a logo URL that does not end in an image extension',
  },
  'assistants.voice-language-underscore': {
    requirement: 'AS-CREATE-26',
    breaks: 'create accepts voice_language only as en_US (underscore), refusing en-US',
  },
  'assistants.voice-stored-provider-id': {
    requirement: 'IDS-02',
    breaks: "create stores the voice's provider voice_id in place of the _id sent",
  },
  'assistants.custom-id-slugified': {
    requirement: 'IDS-05',
    breaks: 'create stores the customPersonaId with "-" turned into "_"',
  },
  'assistants.create-without-status': {
    requirement: 'AS-CREATE-28',
    breaks: 'create answers {success, message} without status',
  },
  // Create: duplicates and limits.
  'assistants.duplicate-message-taken': {
    requirement: 'AS-CREATE-31',
    breaks: 'a duplicate customPersonaId is a 404 whose message does not start "persona already exists with"',
  },
  'assistants.duplicate-other-account-400': {
    requirement: 'ERR-21',
    breaks: "reusing another account's customPersonaId is a 400 unauthorized user, not the 404",
  },
  'assistants.duplicate-per-account': {
    requirement: 'IDS-06',
    breaks: "customPersonaId is unique per account only: another account's create takes the id over",
  },
  'assistants.is-public-missing-404': {
    requirement: 'ERR-15',
    breaks: 'a create without isPublic is a 404, not a 400',
  },
  'assistants.personality-422': {
    requirement: 'ERR-16',
    breaks: 'a personality over 2,100 characters is a 422, not a 400',
  },
  'assistants.personality-limit-2048': {
    requirement: 'LIM-03',
    breaks: 'the personality limit is 2,048 characters: 2,100 are refused',
  },
  'assistants.personality-truncated': {
    requirement: 'LIM-04',
    breaks: 'a personality over 2,100 characters is cut to 2,100 and accepted',
  },
  'assistants.android-cap-4999': {
    requirement: 'LIM-05',
    breaks: 'an android-only prompt keeps 4,999 characters, not 5,000',
  },
  'assistants.android-overlong-refused': {
    requirement: 'LIM-06',
    breaks: 'an android-only prompt over 5,000 characters is a 400, not silently truncated',
  },
  // Update.
  'assistants.update-by-object-id': {
    requirement: 'AS-UPDATE-03',
    breaks: "update looks personaId up as the object _id, so a customPersonaId is 'unauthorized user'",
  },
  'assistants.update-prompt-appends': {
    requirement: 'AS-UPDATE-04',
    breaks: 'update appends base_sys_prompt to the old prompt instead of replacing it',
  },
  'assistants.update-string-replaces': {
    requirement: 'AS-UPDATE-06',
    breaks: 'a bare string for a list field (os, tags, ...) replaces the list instead of appending',
  },
  'assistants.update-plugin-array-replaces': {
    requirement: 'AS-UPDATE-07',
    breaks: 'an accessible_plugin array replaces the plugins instead of adding to them',
  },
  'assistants.update-title-ignored': {
    requirement: 'AS-UPDATE-09',
    breaks: 'update ignores title',
  },
  'assistants.update-is-public-ignored': {
    requirement: 'AS-UPDATE-10',
    breaks: 'update ignores isPublic',
  },
  'assistants.update-without-message': {
    requirement: 'AS-UPDATE-11',
    breaks: 'update answers {status} without message',
  },
  // Delete and share.
  'assistants.delete-by-object-id': {
    requirement: 'IDS-08',
    breaks: 'delete looks its personaId segment up as the object _id, so a customPersonaId is refused',
  },
  'assistants.delete-removes-nothing': {
    requirement: 'AS-DELETE-02',
    breaks: 'delete answers success but removes the assistant by its _id, which removes nothing',
  },
  'assistants.delete-answers-deleted-flag': {
    requirement: 'AS-DELETE-03',
    breaks: 'delete answers {deleted: true, customPersonaId} without status and message',
  },
  'assistants.share-by-object-id': {
    requirement: 'IDS-07',
    breaks: 'share looks its path segment up as the object _id, so a customPersonaId is refused',
  },
  'assistants.share-token-key': {
    requirement: 'AS-SHARE-02',
    breaks: 'share answers the token as token, not data',
  },
  // Transfer.
  'assistants.transfer-id-never-found': {
    requirement: 'AS-TRANSFER-02',
    breaks: 'transfer looks the object _id up among customPersonaIds and never finds the assistant',
  },
  'assistants.transfer-owner-unchanged': {
    requirement: 'AS-TRANSFER-04',
    breaks: 'transfer answers success but leaves the assistant with its owner',
  },
  'assistants.keep-access-default-true': {
    requirement: 'AS-TRANSFER-06',
    breaks: 'keepAccess defaults to true: the former owner keeps editing',
  },
  'assistants.keep-access-ignored': {
    requirement: 'AS-TRANSFER-07',
    breaks: 'keepAccess true is ignored: the former owner loses access',
  },
  'assistants.transfer-without-message': {
    requirement: 'AS-TRANSFER-08',
    breaks: 'transfer answers without message',
  },
  'assistants.transfer-non-object-id-404': {
    requirement: 'ERR-17',
    breaks: 'a transfer personaId that is not an object id is a 404, not a 400',
  },
  // Second faults: other bug shapes of the same requirements.
  'assistants.share-any-caller': {
    requirement: 'CONV-07',
    breaks: "share consults no caller: any key mints a share link for another account's assistant",
  },
  'assistants.transfer-any-caller': {
    requirement: 'CONV-07',
    breaks: "transfer consults no caller: any key that knows an assistant's _id hands it to an account",
  },
  'assistants.get-session-id-min-length': {
    requirement: 'CONV-08',
    breaks: 'get refuses (400) a one-character sessionId',
  },
  'assistants.create-upserts': {
    requirement: 'IDS-06',
    breaks: "a create reusing one of the caller's own customPersonaIds replaces that assistant (200)",
  },
  'assistants.public-catalog-own-only': {
    requirement: 'AS-CREATE-03',
    breaks: "isPublic=public lists only the caller's own public assistants: other accounts never see them",
  },
  'assistants.list-total-is-page-count': {
    requirement: 'AS-LIST-13',
    breaks: 'totalPersonas counts the assistants of the page, not every match',
  },
  'assistants.search-total-is-page-count': {
    requirement: 'AS-SEARCH-08',
    breaks: 'search totalPersonas counts the assistants of the page, not every match',
  },
  'assistants.delete-soft': {
    requirement: 'AS-DELETE-02',
    breaks: 'delete only hides the assistant from list and search: get still answers it',
  },
  'assistants.android-keeps-last-5000': {
    requirement: 'LIM-06',
    breaks: 'an over-long android-only prompt keeps its last 5,000 characters, not its first',
  },
  'assistants.android-5000-refused': {
    requirement: 'LIM-05',
    breaks: 'an android-only prompt of exactly 5,000 characters is a 400',
  },
  'assistants.keep-access-read-only': {
    requirement: 'AS-TRANSFER-07',
    breaks: 'keepAccess true leaves the former owner able to see the assistant but not to update it',
  },
  'assistants.general-tag-duplicated': {
    requirement: 'AS-CREATE-08',
    breaks: 'General is appended even when sent, so the tags hold it twice',
  },
  'assistants.update-plugin-string-clears': {
    requirement: 'AS-UPDATE-08',
    breaks: 'a bare accessible_plugin string removes every plugin, not that one',
  },
  'assistants.update-resets-os': {
    requirement: 'AS-UPDATE-02',
    breaks: 'every update resets os to [nt] when it does not send os',
  },
  'assistants.get-unseen-null': {
    requirement: 'AS-GET-04',
    breaks: 'get answers 200 {status: true, personaData: null} for an id the account cannot see',
  },
  'assistants.list-all-shows-every-account': {
    requirement: 'AS-LIST-02',
    breaks: "isPublic=all (and no isPublic) lists every account's assistants, private ones included",
  },
  'assistants.personality-limit-bytes': {
    requirement: 'LIM-03',
    breaks: 'the personality limit counts UTF-8 bytes: 2,100 characters with accents are refused',
  },
  'assistants.android-cap-bytes': {
    requirement: 'LIM-05',
    breaks: 'the android-only prompt cap counts UTF-8 bytes: 5,000 characters with accents are cut',
  },
  'assistants.update-voice-ignored': {
    requirement: 'AS-UPDATE-09',
    breaks: 'update checks voice but does not apply it',
  },
  'assistants.update-cannot-unpublish': {
    requirement: 'AS-UPDATE-10',
    breaks: 'update applies isPublic true but ignores isPublic false',
  },
  'assistants.update-any-caller': {
    requirement: 'AS-UPDATE-12',
    breaks:
      "update consults no caller: any key updates any assistant, another account's private one included",
  },
  // Input rules (h-rules): one write path or page size skipping a rule another path holds.
  'assistants.update-os-string-unchecked': {
    requirement: 'AS-UPDATE-05',
    breaks: 'update appends a bare-string os without checking it is nt, android or web (an array is checked)',
  },
  'assistants.update-is-public-any-type': {
    requirement: 'AS-UPDATE-10',
    breaks: 'update stores isPublic as sent, a string "true" included (create checks it is a boolean)',
  },
  'assistants.update-name-any-type': {
    requirement: 'AS-UPDATE-09',
    breaks: 'update stores name as sent, a number included (create checks it is a string)',
  },
  'assistants.personality-limit-trimmed': {
    requirement: 'AS-CREATE-14',
    breaks:
      'the personality limit counts the text after trimming: 2,101 characters with surrounding spaces are accepted',
  },
  'assistants.personality-nfd-counted': {
    requirement: 'AS-CREATE-13',
    breaks: 'the personality limit counts the text decomposed (NFD): 2,100 characters with é are refused',
  },
  'assistants.android-cap-trimmed': {
    requirement: 'AS-CREATE-11',
    breaks:
      'the android-only prompt cap judges the trimmed length: 5,001 characters with surrounding spaces are kept whole',
  },
  'assistants.update-prompt-cap-bytes': {
    requirement: 'AS-UPDATE-04',
    breaks:
      "update cuts an android-only assistant's prompt at 5,000 UTF-8 bytes: 5,000 CJK characters are not kept whole",
  },
  'assistants.create-name-optional': {
    requirement: 'AS-CREATE-01',
    breaks: 'a create without name is accepted, the customPersonaId taken for the name',
  },
  'assistants.create-os-values-unchecked': {
    requirement: 'AS-CREATE-18',
    breaks: 'create checks that os is an array of strings, not that each is nt, android or web',
  },
  'assistants.list-limit-one-gives-two': {
    requirement: 'AS-LIST-11',
    breaks: 'the assistant list pages by at least 2: limit 1 answers two assistants',
  },
  'assistants.search-limit-one-gives-two': {
    requirement: 'AS-SEARCH-07',
    breaks: 'assistant search pages by at least 2: limit 1 answers two assistants',
  },
  // ---- Between the rows (issue 21): faults that show only across operations and views. ----
  // A view serving a copy of the assistant that one write path does not refresh.
  'assistants.list-name-stale': {
    requirement: 'AS-UPDATE-09',
    breaks: 'list items carry the name the assistant was created with, not the one an update set',
  },
  'assistants.list-voice-stale': {
    requirement: 'AS-UPDATE-09',
    breaks: 'list items carry the voice the assistant was created with, not the one an update set',
  },
  'assistants.list-is-public-stale': {
    requirement: 'AS-UPDATE-10',
    breaks: 'list items carry isPublic as created, not as an update set it',
  },
  'assistants.search-item-name-stale': {
    requirement: 'AS-UPDATE-09',
    breaks: 'search finds a renamed assistant by its new name but its item carries the former name',
  },
  'assistants.search-matches-former-name': {
    requirement: 'AS-SEARCH-02',
    breaks: 'search matches the name as created: a renamed assistant is found by its former name only',
  },
  'assistants.search-matches-both-names': {
    requirement: 'AS-SEARCH-02',
    breaks: 'search matches the former name of a renamed assistant as well as its current one',
  },
  'assistants.search-matches-former-title': {
    requirement: 'AS-SEARCH-02',
    breaks: 'search matches the title as created, not the one an update set',
  },
  'assistants.public-catalog-stale': {
    requirement: 'AS-LIST-05',
    breaks:
      'isPublic=public reads isPublic as created: an unpublished assistant stays in the shared catalog, one published by an update never enters it',
  },
  'assistants.get-other-stale-public': {
    requirement: 'AS-GET-04',
    breaks:
      "another account's get judges isPublic as created: an assistant unpublished by an update is still readable",
  },
  'assistants.search-other-stale-public': {
    requirement: 'ACCT-01',
    breaks:
      "another account's search judges isPublic as created: it still finds an assistant unpublished by an update",
  },
  'assistants.list-os-filter-stale': {
    requirement: 'AS-LIST-08',
    breaks:
      'the os filter matches the platforms as created, while the items show the platforms an update set',
  },
  'assistants.list-attached-kbs-cached': {
    requirement: 'KB-ATTACH-01',
    breaks:
      "list items' attached_kbs are cached at the assistant's first listing and refreshed only by an update of the assistant, not by an attach",
  },
  'assistants.count-cached': {
    requirement: 'AS-LIST-12',
    breaks:
      'ret=count answers the first count of each query of the account, never refreshed by a create or a delete',
  },
  // A soft delete that keeps the identity reserved or visible on one route.
  'assistants.deleted-id-reserved': {
    requirement: 'AS-DELETE-02',
    breaks:
      "a deleted assistant's customPersonaId stays taken: creating it again is a 404 persona already exists",
  },
  'assistants.deleted-in-search': {
    requirement: 'AS-DELETE-02',
    breaks: 'a deleted assistant is still found by search',
  },
  'assistants.deleted-in-private-list': {
    requirement: 'AS-DELETE-02',
    breaks: 'a deleted assistant is still listed under isPublic=private (the other filters leave it out)',
  },
  'assistants.deleted-in-public-catalog': {
    requirement: 'AS-DELETE-02',
    breaks: 'a deleted public assistant stays in the shared catalog (isPublic=public) of every account',
  },
  'assistants.deleted-readable-by-others': {
    requirement: 'AS-DELETE-02',
    breaks:
      "another account's get still answers a deleted public assistant (only the owner's get sees the delete)",
  },
  'assistants.deleted-counted': {
    requirement: 'AS-LIST-12',
    breaks: 'ret=count still counts deleted assistants',
  },
  'assistants.deleted-in-total': {
    requirement: 'AS-LIST-13',
    breaks: 'totalPersonas still counts deleted assistants (the items leave them out)',
  },
  // A filter applied to the page after it was cut.
  'assistants.list-is-public-after-slice': {
    requirement: 'AS-LIST-04',
    breaks:
      'isPublic is applied to each page after the page is cut: pages come short while later pages exist',
  },
  'assistants.list-main-agent-after-slice': {
    requirement: 'AS-LIST-07',
    breaks: 'isMainAgent is applied to each page after the page is cut',
  },
  'assistants.list-os-after-slice': {
    requirement: 'AS-LIST-08',
    breaks: 'os is applied to each page after the page is cut',
  },
  'assistants.search-term-after-slice': {
    requirement: 'AS-SEARCH-02',
    breaks: 'the search term is applied to each page after the page of every visible assistant is cut',
  },
  // A count or total that ignores a filter.
  'assistants.list-total-ignores-is-public': {
    requirement: 'AS-LIST-13',
    breaks:
      'totalPersonas (and totalPages) count every assistant the account can see, whatever isPublic asks',
  },
  'assistants.list-total-ignores-main-agent': {
    requirement: 'AS-LIST-13',
    breaks: 'totalPersonas (and totalPages) ignore isMainAgent',
  },
  'assistants.list-total-ignores-os': {
    requirement: 'AS-LIST-13',
    breaks: 'totalPersonas (and totalPages) ignore os',
  },
  'assistants.count-ignores-is-public': {
    requirement: 'AS-LIST-12',
    breaks: 'ret=count ignores isPublic',
  },
  'assistants.count-ignores-main-agent': {
    requirement: 'AS-LIST-12',
    breaks: 'ret=count ignores isMainAgent',
  },
  'assistants.count-ignores-os': {
    requirement: 'AS-LIST-12',
    breaks: 'ret=count ignores os (it counts every platform)',
  },
  'assistants.search-total-ignores-main-agent': {
    requirement: 'AS-SEARCH-04',
    breaks: 'search totalPersonas (and totalPages) ignore isMainAgent',
  },
  'assistants.search-total-ignores-os': {
    requirement: 'AS-SEARCH-05',
    breaks: 'search totalPersonas (and totalPages) ignore os',
  },
  // Page arithmetic at its boundaries.
  'assistants.list-total-pages-plus-one': {
    requirement: 'AS-LIST-13',
    breaks: 'list totalPages is floor(total / limit) + 1: one page too many at every exact multiple',
  },
  'assistants.search-total-pages-plus-one': {
    requirement: 'AS-SEARCH-08',
    breaks: 'search totalPages is floor(total / limit) + 1: one page too many at every exact multiple',
  },
  'assistants.list-current-page-minus-one': {
    requirement: 'AS-LIST-13',
    breaks: 'the list answers currentPage as the page asked minus one (its offset divided by the limit)',
  },
  'assistants.search-current-page-first': {
    requirement: 'AS-SEARCH-06',
    breaks: 'search answers currentPage 1 whatever page it serves',
  },
  'assistants.list-limit-one-ignored': {
    requirement: 'AS-LIST-11',
    breaks: 'a list limit of 1 is taken for no limit: the page holds 50',
  },
  'assistants.search-limit-one-ignored': {
    requirement: 'AS-SEARCH-07',
    breaks: 'a search limit of 1 is taken for no limit: the page holds 30',
  },
  // An action on one assistant altering a sibling.
  'assistants.update-is-public-every-own': {
    requirement: 'AS-UPDATE-03',
    breaks: 'an isPublic change is applied to every assistant of the caller, not only the one named',
  },
  'assistants.update-id-substring': {
    requirement: 'AS-UPDATE-03',
    breaks:
      'update applies to every assistant of the caller whose customPersonaId contains the personaId sent',
  },
  'assistants.delete-id-prefix': {
    requirement: 'IDS-07',
    breaks: 'delete removes every assistant of the caller whose customPersonaId starts with the one named',
  },
  'assistants.transfer-same-name': {
    requirement: 'AS-TRANSFER-02',
    breaks: "transfer hands over every assistant of the owner bearing the transferred one's name",
  },
  // Visibility checked on one read route but not its sibling.
  'assistants.search-shows-other-private': {
    requirement: 'ACCT-01',
    breaks: "search finds other accounts' private assistants (list and get hide them)",
  },
  'assistants.former-owner-private-list': {
    requirement: 'AS-TRANSFER-06',
    breaks:
      "after a transfer without keepAccess the former owner's isPublic=private list still carries the assistant",
  },
  'assistants.former-owner-get': {
    requirement: 'AS-TRANSFER-06',
    breaks: 'after a transfer without keepAccess the former owner can still get the private assistant',
  },
  'assistants.former-owner-search': {
    requirement: 'AS-TRANSFER-06',
    breaks:
      'after a transfer without keepAccess the former owner still finds the private assistant by search',
  },
} as const satisfies Record<string, FaultSpec>;

export type AssistantFault = keyof typeof ASSISTANT_FAULTS;

/** Whether a assistants fault is planted. */
export const assistantFault = faultCheck(ASSISTANT_FAULTS);
