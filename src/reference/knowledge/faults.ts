import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the knowledge-base module, for the suite's self-test: each is one small branch
 * at the point of a plausible bug, breaking the one requirement it names.
 */
export const KNOWLEDGE_FAULTS = {
  'kb.create-returns-200': {
    requirement: 'KB-BASE-16',
    breaks: 'create base answers 200 instead of 201',
  },
  'kb.list-shows-other-accounts': {
    requirement: 'KB-BASE-14',
    breaks: "list bases also shows other accounts' bases",
  },
  'kb.attach-no-limit': {
    requirement: 'LIM-02',
    breaks: 'attaching a fourth base to an assistant succeeds',
  },
  'kb.detach-deletes-base': {
    requirement: 'KB-ATTACH-11',
    breaks: 'detaching a base also deletes it',
  },
  'kb.query-ignores-topk': {
    requirement: 'LIM-07',
    breaks: 'query returns up to 20 results whatever topK asks',
  },
  'kb.query-topk-unbounded': {
    requirement: 'LIM-08',
    breaks: 'query returns as many results as topK asks, also above the maximum of 20',
  },
  'kb.query-max-off-by-one': {
    requirement: 'KB-QUERY-10',
    breaks: 'query with topK 20 returns at most 19 results although more chunks match',
  },
  'kb.query-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a base of another account can be queried by its kbId',
  },
  'kb.query-returns-deleted': {
    requirement: 'STATE-15',
    breaks: 'deleting a document leaves its chunks in query results',
  },
  'kb.refresh-now-ignores-urls': {
    requirement: 'STATE-06',
    breaks: 'refresh-now reports the documents but never re-crawls them',
  },
  'kb.recrawl-first-only': {
    requirement: 'STATE-06',
    breaks:
      'a base is re-crawled once: every later refresh-now (and scheduled crawl) answers but fetches nothing',
  },
  // Bases, documents, ingest and refresh.
  'kb.list-kbid-as-id': {
    requirement: 'KB-BASE-01',
    breaks: 'the list names each base `id` instead of `kbId`',
  },
  'kb.list-name-as-title': {
    requirement: 'KB-BASE-02',
    breaks: "the list names each base's name `title` instead of `name`",
  },
  'kb.list-description-null': {
    requirement: 'KB-BASE-03',
    breaks: 'the list shows description null for a base created without one',
  },
  'kb.docs-count-vector-only': {
    requirement: 'KB-BASE-04',
    breaks: 'docsCount counts only vector-tier documents',
  },
  'kb.total-size-kilobytes': {
    requirement: 'KB-BASE-05',
    breaks: 'totalSize is given in kilobytes, a fraction',
  },
  'kb.live-sources-count-urls': {
    requirement: 'KB-BASE-06',
    breaks: 'liveSourcesCount counts URL-sourced documents instead of inline-tier ones',
  },
  'kb.auto-refresh-enabled-number': {
    requirement: 'KB-BASE-08',
    breaks: 'autoRefresh.enabled is shown as 0 or 1',
  },
  'kb.interval-days-string': {
    requirement: 'KB-BASE-09',
    breaks: 'autoRefresh.intervalDays is shown as a string',
  },
  'kb.last-refreshed-omitted': {
    requirement: 'KB-BASE-10',
    breaks: 'autoRefresh has no lastRefreshedAt until the first re-crawl',
  },
  'kb.next-refresh-false': {
    requirement: 'KB-BASE-11',
    breaks: 'autoRefresh.nextRefreshAt is false while auto-refresh is off',
  },
  'kb.base-created-at-epoch': {
    requirement: 'KB-BASE-12',
    breaks: 'the list shows createdAt as epoch milliseconds',
  },
  'kb.shared-omitted-for-own': {
    requirement: 'KB-BASE-13',
    breaks: "the list leaves shared out for the caller's own bases",
  },
  'kb.list-key-bases': {
    requirement: 'KB-BASE-18',
    breaks: 'list bases answers {status, bases} instead of {status, kbs}',
  },
  'kb.create-name-lowercased': {
    requirement: 'KB-BASE-19',
    breaks: 'create stores, returns and lists the name lower-cased',
  },
  'kb.create-description-omitted': {
    requirement: 'KB-BASE-20',
    breaks: 'a create without description answers no description',
  },
  'kb.create-answer-id-field': {
    requirement: 'KB-BASE-21',
    breaks: 'the create answer names the new base `id` instead of `kbId`',
  },
  'kb.delete-base-answer-no-kbid': {
    requirement: 'KB-BASE-22',
    breaks: 'the delete-base answer has no kbId',
  },
  'kb.base-id-object-id': {
    requirement: 'IDS-09',
    breaks: 'a new base gets a 24-hex-digit ObjectId as kbId instead of a UUID',
  },
  'kb.listed-doc-id-composite': {
    requirement: 'KB-DOC-01',
    breaks: 'the documents list shows docId as `kbId:docId`',
  },
  'kb.listed-title-is-url': {
    requirement: 'KB-DOC-02',
    breaks: 'a URL document is listed under its URL instead of its title',
  },
  'kb.text-source-ignored': {
    requirement: 'KB-DOC-03',
    breaks: 'a pasted text is listed with source manual whatever source was sent',
  },
  'kb.text-mime-type-ignored': {
    requirement: 'KB-DOC-04',
    breaks: 'a pasted text is listed as text/plain whatever mimeType was sent',
  },
  'kb.chunks-count-not-stored': {
    requirement: 'KB-DOC-05',
    breaks: 'a vector-tier document is listed with chunksCount 0',
  },
  'kb.file-size-null-for-text': {
    requirement: 'KB-DOC-06',
    breaks: 'documents other than uploads are listed with fileSize null',
  },
  'kb.listed-mode-as-requested': {
    requirement: 'KB-DOC-07',
    breaks: 'a document ingested with mode auto is listed with mode auto',
  },
  'kb.doc-created-at-locale': {
    requirement: 'KB-DOC-08',
    breaks: 'documents are listed with createdAt in Date.toString form, not ISO 8601',
  },
  'kb.delete-document-204': {
    requirement: 'KB-DOC-10',
    breaks: 'delete document answers 204 without a body',
  },
  'kb.documents-answer-no-kbid': {
    requirement: 'KB-DOC-11',
    breaks: 'the documents list answer has no kbId',
  },
  'kb.delete-document-answer-no-docid': {
    requirement: 'KB-DOC-12',
    breaks: 'the delete-document answer has no docId',
  },
  'kb.document-id-object-id': {
    requirement: 'IDS-10',
    breaks: 'a pasted text gets a 24-hex-digit ObjectId as docId instead of a UUID',
  },
  'kb.documents-status-true': {
    requirement: 'CONV-13',
    breaks: 'the documents list answers status true instead of "ok"',
  },
  'kb.delete-document-still-listed': {
    requirement: 'STATE-13',
    breaks: 'deleting a document drops its chunks but leaves it listed',
  },
  'kb.delete-document-keeps-vector-count': {
    requirement: 'STATE-14',
    breaks: 'deleting a document leaves its vectors counted in the base',
  },
  'kb.ingest-text-201': { requirement: 'KB-INGEST-01', breaks: 'ingest-text answers 201 instead of 200' },
  'kb.ingest-url-202': { requirement: 'KB-INGEST-02', breaks: 'ingest-url answers 202 instead of 200' },
  'kb.upload-201': { requirement: 'KB-INGEST-03', breaks: 'upload answers 201 instead of 200' },
  'kb.ingest-text-reads-content': {
    requirement: 'KB-INGEST-04',
    breaks: 'ingest-text reads the text from `content`, so a sent text gives an empty document',
  },
  'kb.cited-title-is-source': {
    requirement: 'KB-INGEST-05',
    breaks: 'query results carry the source label as docTitle instead of the title',
  },
  'kb.default-mime-charset': {
    requirement: 'KB-INGEST-06',
    breaks: 'a text without mimeType is listed as text/plain; charset=utf-8',
  },
  'kb.default-source-api': {
    requirement: 'KB-INGEST-07',
    breaks: 'a text without source is listed with source api instead of manual',
  },
  'kb.mode-auto-refused': { requirement: 'KB-INGEST-08', breaks: 'ingest-text refuses mode auto with 400' },
  'kb.vector-answer-chunks-key': {
    requirement: 'KB-INGEST-09',
    breaks: 'the vector-tier answer names chunksCreated `chunks`',
  },
  'kb.inline-answer-chunks-created': {
    requirement: 'KB-INGEST-10',
    breaks: 'the inline-tier answer also carries chunksCreated 0',
  },
  'kb.ingest-url-forces-https': {
    requirement: 'KB-INGEST-11',
    breaks: 'ingest-url fetches the https address of an http url',
  },
  'kb.url-title-defaults-to-url': {
    requirement: 'KB-INGEST-12',
    breaks: 'a page ingested without title is listed under its URL, not its page title',
  },
  'kb.url-answer-no-mode': { requirement: 'KB-INGEST-13', breaks: 'the ingest-url answer has no mode' },
  'kb.ingest-url-never-fetches': {
    requirement: 'KB-INGEST-14',
    breaks: 'ingest-url stores an empty document without fetching the page',
  },
  'kb.url-text-empty': {
    requirement: 'KB-INGEST-15',
    breaks: 'ingest-url fetches the page but keeps none of its text',
  },
  'kb.upload-md-refused': { requirement: 'KB-INGEST-17', breaks: 'an MD file is refused with 415' },
  'kb.upload-title-no-extension': {
    requirement: 'KB-INGEST-18',
    breaks: 'a file uploaded without title is listed under its filename without extension',
  },
  'kb.upload-answer-no-chunks': {
    requirement: 'KB-INGEST-19',
    breaks: 'the upload answer has no chunksCreated',
  },
  'kb.scanned-pdf-refused': {
    requirement: 'KB-INGEST-20',
    breaks: 'a PDF without a text layer is refused with 422',
  },
  'kb.upload-docx-refused': { requirement: 'LIM-16', breaks: 'a DOCX file is refused with 415' },
  'kb.upload-not-multipart': {
    requirement: 'CONV-06',
    breaks: 'upload refuses a multipart/form-data body with 415',
  },
  'kb.vector-mode-ignored': {
    requirement: 'STATE-03',
    breaks: 'mode vector is treated as auto, so a short text goes to the inline tier',
  },
  'kb.auto-refresh-204': {
    requirement: 'KB-REFRESH-01',
    breaks: 'PATCH auto-refresh answers 204 without a body',
  },
  'kb.refresh-now-202': { requirement: 'KB-REFRESH-02', breaks: 'refresh-now answers 202 instead of 200' },
  'kb.disable-ignored': {
    requirement: 'KB-REFRESH-03',
    breaks: 'PATCH auto-refresh with enabled false leaves auto-refresh on',
  },
  'kb.interval-days-ignored': {
    requirement: 'KB-REFRESH-04',
    breaks: 'intervalDays is applied only when intervalHours comes with it',
  },
  'kb.days-with-hours-refused': {
    requirement: 'KB-REFRESH-05',
    breaks: 'intervalDays together with intervalHours is refused with 400',
  },
  'kb.auto-refresh-answer-flat': {
    requirement: 'KB-REFRESH-06',
    breaks: "the auto-refresh answer spreads autoRefresh's fields instead of nesting them",
  },
  'kb.refreshed-docs-list': {
    requirement: 'KB-REFRESH-08',
    breaks: 'refresh-now answers refreshedDocs as the list of docIds instead of a count',
  },
  'kb.refresh-now-waits': {
    requirement: 'KB-REFRESH-09',
    breaks: 'refresh-now answers only once the re-crawl has ended',
  },
  'kb.refreshed-docs-counts-all': {
    requirement: 'KB-REFRESH-10',
    breaks: 'refreshedDocs counts every document, not only the URL-sourced ones',
  },
  'kb.auto-refresh-not-saved': {
    requirement: 'STATE-05',
    breaks: 'PATCH auto-refresh answers the new settings but never stores them',
  },
  'kb.interval-days-capped': { requirement: 'LIM-14', breaks: 'intervalDays above 5 is cut to 5' },
  'kb.disabled-interval-zero': {
    requirement: 'LIM-15',
    breaks: 'a base with auto-refresh off shows intervalDays 0 instead of the default 3',
  },
  'kb.list-empty-404': {
    requirement: 'KB-BASE-15',
    breaks: 'list bases answers 404 instead of 200 while the account has no base',
  },
  'kb.shared-by-key': {
    requirement: 'KB-BASE-14',
    breaks: 'a base is listed shared: true to every key of its account but the one that created it',
  },
  'kb.docs-count-never-drops': {
    requirement: 'KB-BASE-04',
    breaks: 'docsCount counts every document ever added, deleted ones included',
  },
  'kb.documents-empty-404': {
    requirement: 'KB-DOC-09',
    breaks: 'list documents answers 404 instead of 200 for a base without documents',
  },
  'kb.documents-of-every-base': {
    requirement: 'KB-DOC-11',
    breaks: 'list documents shows the documents of every base of the account',
  },
  'kb.delete-document-deletes-first': {
    requirement: 'STATE-13',
    breaks: "deleting a document deletes the base's first document instead of the one named",
  },
  'kb.recrawl-url-labels': {
    requirement: 'KB-REFRESH-10',
    breaks: 'a re-crawl also fetches pasted text whose source label is an http(s) address',
  },
  'kb.interval-implies-enabled': {
    requirement: 'STATE-05',
    breaks: 'PATCH auto-refresh with an interval turns auto-refresh on even with enabled false',
  },
  'kb.inline-mode-short-only': {
    requirement: 'STATE-03',
    breaks: 'mode inline is honoured only for a short text; a longer one goes to the vector tier',
  },
  'kb.upload-any-field-is-title': {
    requirement: 'KB-INGEST-18',
    breaks: 'any text field of the upload form is taken for the title, the last one winning',
  },
  'kb.upload-title-after-file-ignored': {
    requirement: 'KB-INGEST-18',
    breaks: 'a title sent after the file part is ignored, so the file is listed under its filename',
  },
  'kb.disable-answer-interval-null': {
    requirement: 'LIM-15',
    breaks: 'the answer to enabled false shows intervalDays null instead of the default 3',
  },
  'kb.empty-text-one-chunk': {
    requirement: 'KB-INGEST-20',
    breaks: 'a PDF without a text layer is indexed as one empty chunk (chunksCreated 1)',
  },
  // Attachments, query and stats.
  'kb.persona-bases-counts-at-attach': {
    requirement: 'KB-ASSISTANT-07',
    breaks: "the assistant's bases show the docsCount a base had when it was attached",
  },
  'kb.query-top-k-20-refused': {
    requirement: 'KB-QUERY-10',
    breaks: 'the maximum is taken as exclusive: a query with topK 20 is refused with 400',
  },
  'kb.stats-empty-base-not-found': {
    requirement: 'KB-STATS-01',
    breaks: 'stats of a base without documents answer 404 instead of 200 with zero counts',
  },
  'kb.query-empty-base-not-found': {
    requirement: 'KB-QUERY-07',
    breaks: 'a query of a base without documents answers 404 instead of 200 with no results',
  },
  'kb.query-title-is-base-name': {
    requirement: 'KB-QUERY-04',
    breaks: "a result's docTitle is the base's name, not its document's title",
  },
  'kb.update-any-account': {
    requirement: 'ACCT-01',
    breaks: "a key of another account updates the attachment of a base to its owner's assistant",
  },
  'kb.attach-answer-shows-defaults': {
    requirement: 'KB-ATTACH-20',
    breaks: 'the attach answer shows the default grounding_mode and enabled, not the values stored',
  },
  'kb.attach-remembers-detached': {
    requirement: 'KB-ATTACH-02',
    breaks: 'attaching a base again after its detach is answered updated: true, not attached: true',
  },
  'kb.update-mode-enables': {
    requirement: 'KB-ATTACH-22',
    breaks: 'update with grounding_mode alone also sets enabled back to true',
  },
  'kb.attach-limit-soft-refusal': {
    requirement: 'ERR-18',
    breaks: 'a fourth base is refused with 200 {status: false} instead of a 400',
  },
  'kb.detach-newest-attachment': {
    requirement: 'KB-ATTACH-09',
    breaks: "detach removes the assistant's newest attachment, whichever base the path names",
  },
  'kb.attach-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a key of another account attaches a base it cannot see to an assistant of its own',
  },
  'kb.attach-mode-ignored': {
    requirement: 'KB-ATTACH-18',
    breaks: 'attach ignores the grounding_mode sent and always stores supplemental',
  },
  'kb.update-first-attachment': {
    requirement: 'KB-ATTACH-07',
    breaks: "update changes the assistant's first attachment, whichever base the path names",
  },
  'kb.delete-base-detaches-first-only': {
    requirement: 'KB-ATTACH-13',
    breaks: 'deleting a base removes its attachment from the first assistant only',
  },
  'kb.stats-any-account': {
    requirement: 'ACCT-01',
    breaks: "another account's base answers stats with its counts",
  },
  'kb.detach-any-account': {
    requirement: 'ACCT-01',
    breaks: "a key of another account detaches a base from its owner's assistant",
  },
  'kb.stats-documents-vector-only': {
    requirement: 'KB-STATS-02',
    breaks: 'documentsCount counts vector-tier documents only, leaving inline ones out',
  },
  'kb.attach-again-duplicates': {
    requirement: 'KB-ATTACH-05',
    breaks: 'attaching an attached base again adds a second attachment beside the first',
  },
  'kb.update-disable-detaches': {
    requirement: 'STATE-02',
    breaks: 'update with enabled false removes the attachment instead of disabling it',
  },
  'kb.attach-enabled-truthiness': {
    requirement: 'KB-ATTACH-19',
    breaks: 'attach reads enabled by truthiness, so enabled false is stored as true',
  },
  'kb.attach-limit-counts-all-assistants': {
    requirement: 'LIM-01',
    breaks: "the limit counts every assistant's attachments, so a fresh assistant may get fewer than three",
  },
  'kb.attach-limit-enabled-only': {
    requirement: 'KB-ATTACH-04',
    breaks: 'the limit counts enabled attachments only, so a fourth base attaches beside a disabled one',
  },
  'kb.query-top-k-plus-one': {
    requirement: 'KB-QUERY-09',
    breaks: 'a query returns one result more than topK (six without topK)',
  },
  'kb.query-results-cached': {
    requirement: 'STATE-15',
    breaks: 'query answers are cached per question and not dropped when a document is deleted',
  },
  'kb.attach-drops-earlier-chunks': {
    requirement: 'CONV-15',
    breaks: 'attaching a base drops the chunks of documents ingested before it, so queries miss them',
  },
  'kb.attach-replaces-others': {
    requirement: 'KB-ATTACH-01',
    breaks: 'a new attachment replaces the bases already attached, so an assistant holds one base',
  },
  'kb.query-answers-201': { requirement: 'KB-QUERY-07', breaks: 'query answers 201 instead of 200' },
  'kb.query-needs-topk': {
    requirement: 'KB-QUERY-08',
    breaks: 'a query with only `query` is refused: topK is demanded too',
  },
  'kb.query-default-top-k-10': {
    requirement: 'KB-QUERY-09',
    breaks: 'without topK a query returns up to 10 results instead of 5',
  },
  'kb.query-text-as-content': {
    requirement: 'KB-QUERY-02',
    breaks: 'result items carry their text in `content` instead of `text`',
  },
  'kb.query-score-as-string': {
    requirement: 'KB-QUERY-03',
    breaks: 'result scores are strings, not numbers',
  },
  'kb.query-title-is-doc-id': {
    requirement: 'KB-QUERY-04',
    breaks: "a result's docTitle is its document's id, not its title",
  },
  'kb.query-doc-id-with-chunk': {
    requirement: 'KB-QUERY-05',
    breaks: "a result's docId has the chunk index appended, so it names no document",
  },
  'kb.query-chunk-index-as-string': {
    requirement: 'KB-QUERY-06',
    breaks: "a result's chunkIndex is a string, not an integer",
  },
  'kb.query-answer-without-kbid': { requirement: 'KB-QUERY-12', breaks: 'the query answer has no kbId' },
  'kb.stats-documents-as-chunks': {
    requirement: 'KB-STATS-02',
    breaks: 'stats report the number of chunks as documentsCount',
  },
  'kb.attach-limit-off-by-one': {
    requirement: 'LIM-01',
    breaks: 'the limit counts from two, so a third base is refused',
  },
  'kb.attach-stored-before-limit': {
    requirement: 'KB-ATTACH-04',
    breaks: 'a fourth base is refused with 400 but stays attached',
  },
  'kb.attach-limit-conflict': {
    requirement: 'ERR-18',
    breaks: 'a fourth base is refused with 409 instead of 400',
  },
  'kb.attach-answers-201': { requirement: 'KB-ATTACH-15', breaks: 'attach answers 201 instead of 200' },
  'kb.attach-answers-updated': {
    requirement: 'KB-ATTACH-02',
    breaks: 'a new attachment is answered updated: true instead of attached: true',
  },
  'kb.attach-again-keeps-values': {
    requirement: 'KB-ATTACH-05',
    breaks: 'attaching an attached base again answers updated but keeps the old values',
  },
  'kb.attach-again-answers-attached': {
    requirement: 'KB-ATTACH-06',
    breaks: 'attaching an attached base again is answered attached: true, without updated',
  },
  'kb.attach-again-both-flags': {
    requirement: 'KB-ATTACH-21',
    breaks: 'attaching an attached base again is answered with both updated: true and attached: true',
  },
  'kb.attach-default-strict': {
    requirement: 'KB-ATTACH-18',
    breaks: 'an attach without grounding_mode gives strict instead of supplemental',
  },
  'kb.attach-default-disabled': {
    requirement: 'KB-ATTACH-19',
    breaks: 'an attach without enabled gives enabled false instead of true',
  },
  'kb.attach-answer-without-persona': {
    requirement: 'KB-ATTACH-20',
    breaks: 'the attach answer has no personaId',
  },
  'kb.attach-enabled-unset': {
    requirement: 'KB-ASSISTANT-02',
    breaks: "an attach without enabled stores none, so the assistant's bases show no enabled",
  },
  'kb.persona-bases-mode-fixed': {
    requirement: 'KB-ASSISTANT-03',
    breaks: "the assistant's bases show grounding_mode supplemental whatever the attachment holds",
  },
  'kb.persona-bases-id-as-underscore-id': {
    requirement: 'KB-ASSISTANT-01',
    breaks: "the assistant's bases name each base `_id` instead of `kbId`",
  },
  'kb.persona-bases-hide-disabled': {
    requirement: 'STATE-02',
    breaks: "a disabled attachment is left out of the assistant's bases",
  },
  'kb.persona-bases-without-total-size': {
    requirement: 'KB-ASSISTANT-07',
    breaks: "the assistant's bases carry no totalSize",
  },
  'kb.update-ignores-disable': {
    requirement: 'KB-ATTACH-07',
    breaks: 'update reads enabled by truthiness, so enabled false never applies',
  },
  'kb.update-resets-other-field': {
    requirement: 'KB-ATTACH-22',
    breaks: 'update with enabled alone resets grounding_mode to supplemental',
  },
  'kb.update-answer-without-updated': {
    requirement: 'KB-ATTACH-08',
    breaks: 'update answers patched: true instead of updated: true',
  },
  'kb.update-answer-without-kbid': { requirement: 'KB-ATTACH-23', breaks: 'the update answer has no kbId' },
  'kb.detach-only-disables': {
    requirement: 'KB-ATTACH-09',
    breaks: 'detach only disables the attachment, which stays attached',
  },
  'kb.detach-answer-deleted': {
    requirement: 'KB-ATTACH-10',
    breaks: 'detach answers deleted: true instead of detached: true',
  },
  'kb.detach-answer-without-persona': {
    requirement: 'KB-ATTACH-24',
    breaks: 'the detach answer has no personaId',
  },
  'kb.delete-base-keeps-attachments': {
    requirement: 'KB-ATTACH-13',
    breaks: 'deleting a base leaves it attached to its assistants',
  },
  'kb.delete-base-kept': {
    requirement: 'KB-ATTACH-14',
    breaks: 'deleting a base empties it but leaves it listed',
  },
  // Model-level.
  'kb.query-deleted-after-reattach': {
    requirement: 'STATE-15',
    breaks: "once its base was attached a second time, a deleted document's chunks stay in query results",
  },
  // Persona addressing.
  'kb.persona-by-object-id': {
    requirement: 'IDS-16',
    breaks: 'the assistant in a /kb path is looked up by its object _id, so its customPersonaId is not found',
  },
  'kb.persona-answered-by-object-id': {
    requirement: 'IDS-16',
    breaks:
      'the assistant is found by its customPersonaId but answered and attached under its object _id (personaId in the answers is the _id)',
  },
  // ---------------------------------------------------------------- between the rows (issue 21)
  // Faults that show only across operations: a view served from a copy one write path does not
  // refresh, a delete that leaves an identity visible or disturbs a sibling, a schedule reset by an
  // unrelated write, the attachment limit counted from the wrong side, and a read or write route
  // that skips the account check its siblings make.
  // Views served from a copy (stale-views.ts): every write drops the copies, but one path forgets one.
  'kb.list-stale-after-ingest-url': {
    requirement: 'KB-BASE-04',
    breaks:
      'the bases list is served from a copy ingest-url does not refresh, so its docsCount misses the page',
  },
  'kb.list-stale-after-upload': {
    requirement: 'KB-BASE-04',
    breaks:
      'the bases list is served from a copy an upload does not refresh, so its docsCount misses the file',
  },
  'kb.list-stale-after-document-delete': {
    requirement: 'KB-BASE-04',
    breaks:
      'the bases list is served from a copy a document delete does not refresh, so docsCount still counts it',
  },
  'kb.list-stale-after-auto-refresh': {
    requirement: 'STATE-05',
    breaks:
      'the bases list is served from a copy PATCH auto-refresh does not refresh, so it shows the old schedule',
  },
  'kb.list-stale-after-base-delete': {
    requirement: 'KB-ATTACH-14',
    breaks:
      'the bases list is served from a copy a base delete does not refresh, so the deleted base stays listed',
  },
  'kb.stats-stale-after-ingest-url': {
    requirement: 'KB-STATS-02',
    breaks: 'stats are served from a copy ingest-url does not refresh, so documentsCount misses the page',
  },
  'kb.stats-stale-after-upload': {
    requirement: 'KB-STATS-02',
    breaks: 'stats are served from a copy an upload does not refresh, so documentsCount misses the file',
  },
  'kb.stats-stale-after-document-delete': {
    requirement: 'STATE-14',
    breaks:
      "stats are served from a copy a document delete does not refresh, so the deleted document's vectors stay counted",
  },
  'kb.documents-stale-after-ingest-url': {
    requirement: 'KB-DOC-11',
    breaks: 'the documents list is served from a copy ingest-url does not refresh, so the page is not listed',
  },
  'kb.documents-stale-after-upload': {
    requirement: 'KB-DOC-11',
    breaks: 'the documents list is served from a copy an upload does not refresh, so the file is not listed',
  },
  'kb.documents-stale-after-document-delete': {
    requirement: 'STATE-13',
    breaks:
      'the documents list is served from a copy a document delete does not refresh, so the deleted one stays listed',
  },
  'kb.persona-view-stale-after-update': {
    requirement: 'KB-ATTACH-07',
    breaks:
      "an assistant's bases are served from a copy PATCH does not refresh, so they show the old mode and enabled",
  },
  'kb.persona-view-stale-after-reattach': {
    requirement: 'KB-ATTACH-05',
    breaks:
      "an assistant's bases are served from a copy a repeated attach does not refresh, so they show the old values",
  },
  'kb.persona-view-stale-after-detach': {
    requirement: 'KB-ATTACH-09',
    breaks:
      "an assistant's bases are served from a copy a detach does not refresh, so the detached base stays",
  },
  'kb.persona-view-stale-after-base-delete': {
    requirement: 'KB-ATTACH-13',
    breaks:
      "an assistant's bases are served from a copy a base delete does not refresh, so the deleted base stays",
  },
  'kb.persona-view-stale-after-ingest': {
    requirement: 'KB-ASSISTANT-07',
    breaks:
      "an assistant's bases are served from a copy an ingest does not refresh, so docsCount misses the document",
  },
  'kb.persona-view-stale-after-document-delete': {
    requirement: 'KB-ASSISTANT-07',
    breaks:
      "an assistant's bases are served from a copy a document delete does not refresh, so docsCount still counts it",
  },
  // attached_kbs and the assistant's bases kept apart.
  'kb.attached-kbs-stale-after-update': {
    requirement: 'KB-ATTACH-07',
    breaks:
      "PATCH updates the knowledge side's copy of the attachment only, so the assistant's attached_kbs keeps the old values",
  },
  'kb.attached-kbs-stale-after-reattach': {
    requirement: 'KB-ATTACH-05',
    breaks:
      "a repeated attach updates the knowledge side's copy only, so the assistant's attached_kbs keeps the old values",
  },
  // Deletes leaving an identity behind, or reaching a sibling.
  'kb.reused-title-revives-chunks': {
    requirement: 'STATE-15',
    breaks:
      "the index keeps a deleted document's chunks under its title, and a new document of that title takes them back",
  },
  'kb.reused-base-name-revives-documents': {
    requirement: 'KB-ATTACH-14',
    breaks:
      "a deleted base's documents are archived under its name and come back in a new base of the same name",
  },
  'kb.delete-document-drops-later-chunks': {
    requirement: 'STATE-13',
    breaks:
      'deleting a document discards the chunks of every document ingested after it, which no query finds any more',
  },
  'kb.delete-document-drops-same-title': {
    requirement: 'STATE-13',
    breaks: 'deleting a document deletes every document of the base with the same title',
  },
  'kb.delete-base-detaches-siblings': {
    requirement: 'KB-ATTACH-13',
    breaks: 'deleting a base detaches every base of the assistants it was attached to',
  },
  'kb.detach-from-every-assistant': {
    requirement: 'KB-ATTACH-09',
    breaks: 'detaching a base from one assistant detaches it from every assistant',
  },
  'kb.docs-count-by-name': {
    requirement: 'KB-BASE-04',
    breaks: "the list's docsCount counts the documents of every base of the account with the same name",
  },
  'kb.stats-by-name': {
    requirement: 'KB-STATS-02',
    breaks: 'stats count the documents of every base of the account with the same name',
  },
  // A schedule reset by an unrelated write.
  'kb.ingest-url-resets-schedule': {
    requirement: 'STATE-05',
    breaks: "ingest-url sets the base's auto-refresh back to its defaults (disabled)",
  },
  'kb.refresh-now-resets-interval': {
    requirement: 'STATE-05',
    breaks: 'refresh-now sets the auto-refresh interval back to the default 3 days',
  },
  'kb.document-delete-disables-schedule': {
    requirement: 'STATE-05',
    breaks: "deleting a document turns the base's auto-refresh off",
  },
  'kb.attach-disables-schedule': {
    requirement: 'STATE-05',
    breaks: "attaching a base to an assistant turns the base's auto-refresh off",
  },
  'kb.recrawl-restamps-pasted': {
    requirement: 'KB-REFRESH-10',
    breaks: 'a re-crawl re-ingests pasted text too: its createdAt becomes the time of the crawl',
  },
  'kb.recrawl-restamps-uploads': {
    requirement: 'KB-REFRESH-10',
    breaks: 'a re-crawl re-ingests uploaded files too: their createdAt becomes the time of the crawl',
  },
  'kb.recrawl-listing-only': {
    requirement: 'STATE-06',
    breaks:
      "a re-crawl updates the document's listing (size, chunks) but not its index, so a query finds the old text",
  },
  // The attachment limit counted from one side (a tally kept beside the attachments).
  'kb.limit-counts-deleted-bases': {
    requirement: 'LIM-01',
    breaks:
      'the limit is a per-assistant tally a base delete does not lower, so a deleted base still takes a place',
  },
  'kb.limit-counts-detached': {
    requirement: 'KB-ATTACH-01',
    breaks:
      'the limit is a per-assistant tally a detach does not lower, so a detached base still takes a place',
  },
  'kb.limit-counts-reattach': {
    requirement: 'LIM-01',
    breaks: 'the limit is a per-assistant tally a repeated attach raises again, so an update takes a place',
  },
  'kb.limit-counted-per-base': {
    requirement: 'LIM-02',
    breaks: 'the limit counts the assistants a base is attached to, not the bases of the assistant',
  },
  // The account check made on one route and skipped on its sibling.
  'kb.documents-any-account': {
    requirement: 'ACCT-01',
    breaks: "another account's base lists its documents by kbId (GET /kb hides it)",
  },
  'kb.ingest-text-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a key of another account pastes text into a base it cannot see',
  },
  'kb.delete-document-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a key of another account deletes a document of a base it cannot see',
  },
  'kb.refresh-now-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a key of another account starts a re-crawl of a base it cannot see',
  },
  'kb.auto-refresh-any-account': {
    requirement: 'ACCT-01',
    breaks: 'a key of another account sets the auto-refresh of a base it cannot see',
  },
  // Input rules (h-rules): one write path skipping a rule its body states.
  'kb.ingest-text-title-optional': {
    requirement: 'KB-INGEST-05',
    breaks: 'ingest-text without title is accepted, and the document is listed without one',
  },
  'kb.ingest-text-title-any-type': {
    requirement: 'KB-INGEST-05',
    breaks: 'ingest-text takes title as sent, a number included, and lists the document under it',
  },
  'kb.ingest-mode-unchecked': {
    requirement: 'KB-INGEST-08',
    breaks:
      'ingest-text takes any mode and lists the document with it, a value outside auto, vector, inline included',
  },
  'kb.attach-mode-unchecked': {
    requirement: 'KB-ATTACH-18',
    breaks: 'attach stores grounding_mode as sent, a value outside strict and supplemental included',
  },
  'kb.attach-enabled-any-type': {
    requirement: 'KB-ATTACH-19',
    breaks: 'attach stores enabled as sent, a string "true" included',
  },
  'kb.update-attachment-mode-unchecked': {
    requirement: 'KB-ATTACH-22',
    breaks:
      'update attachment stores grounding_mode as sent, a value outside strict and supplemental included (attach checks it)',
  },
  'kb.update-attachment-enabled-any-type': {
    requirement: 'KB-ATTACH-22',
    breaks: 'update attachment stores enabled as sent, a string "true" included (attach checks it)',
  },
  'kb.auto-refresh-enabled-any-type': {
    requirement: 'KB-REFRESH-03',
    breaks: 'the schedule stores enabled as sent, a string "true" included, and the list shows it',
  },
  'kb.auto-refresh-enabled-optional': {
    requirement: 'KB-REFRESH-03',
    breaks: 'a schedule without enabled is accepted, and the list shows autoRefresh without enabled',
  },
  'kb.create-base-name-any-type': {
    requirement: 'KB-BASE-19',
    breaks: 'create base takes name as sent, a number included, and lists the base under it',
  },
  'kb.create-base-name-optional': {
    requirement: 'KB-BASE-19',
    breaks: 'a create base without name is accepted, and the base is listed without one',
  },
  'kb.query-top-k-text-unclamped': {
    requirement: 'KB-QUERY-10',
    breaks: 'a topK sent as text is parsed and honoured above the maximum of 20',
  },
} as const satisfies Record<string, FaultSpec>;

export type KnowledgeFault = keyof typeof KNOWLEDGE_FAULTS;

/** Whether a knowledge-base fault is planted. */
export const knowledgeFault = faultCheck(KNOWLEDGE_FAULTS);

/**
 * Whether a planted fault is on: `context.fault`, handed to the helpers that build answers and
 * documents. Here, beside the record, so that those helpers need not import the request context.
 */
export type FaultCheck = (id: KnowledgeFault) => boolean;
export const NO_FAULT: FaultCheck = () => false;
