import { faultCheck, type FaultSpec } from '../fault-switch.ts';

/**
 * Planted faults of the plugin module, for the suite's self-test: each is one small branch at the
 * point of a plausible bug, breaking the one requirement it names.
 */
export const PLUGIN_FAULTS = {
  // Shapes, paging and encryption.
  'plugins.list-code-in-clear': {
    requirement: 'PL-LIST-12',
    breaks: 'list items carry func_run and func_schema decrypted',
  },
  'plugins.list-key-plural': {
    requirement: 'PL-LIST-09',
    breaks: 'the list and search collection key is plugins, not plugin',
  },
  'plugins.empty-result-with-plugin-key': {
    requirement: 'PL-LIST-10',
    breaks: 'a list or search that matches nothing answers the normal shape with plugin: []',
  },
  'plugins.search-limit-50': {
    requirement: 'LIM-12',
    breaks: 'plugin search pages by 50 without limit, not 20',
  },
  'plugins.get-status-boolean': {
    requirement: 'CONV-11',
    breaks: 'get answers status as the boolean true, not the string "true"',
  },
  'plugins.agentic-tool-default-incomplete': {
    requirement: 'PL-SHAPE-21',
    breaks: 'is_agentic_tool defaults to {status: false}, without object: null',
  },
  // Item and body shapes of the read routes (read-faults.ts).
  'plugins.list-schema-in-clear': {
    requirement: 'PL-SHAPE-10',
    breaks: 'list items carry func_schema decrypted (func_run stays encrypted)',
  },
  'plugins.search-code-in-clear': {
    requirement: 'PL-SHAPE-14',
    breaks: 'search items carry func_run decrypted',
  },
  'plugins.list-item-without-id': {
    requirement: 'PL-SHAPE-24',
    breaks: 'list items carry no _id',
  },
  'plugins.list-item-title-renamed': {
    requirement: 'PL-SHAPE-25',
    breaks: 'list items carry the title as function_name, not title',
  },
  'plugins.list-item-without-name': {
    requirement: 'PL-SHAPE-26',
    breaks: 'list items carry no name',
  },
  'plugins.list-tags-joined': {
    requirement: 'PL-SHAPE-27',
    breaks: 'list items carry tags as one comma-separated string',
  },
  'plugins.list-is-public-string': {
    requirement: 'PL-SHAPE-28',
    breaks: 'list items carry isPublic as the string "true" or "false"',
  },
  'plugins.anonymous-creator-null': {
    requirement: 'PL-SHAPE-29',
    breaks: 'list items of an anonymous plugin carry creator null, not a string',
  },
  'plugins.list-os-joined': {
    requirement: 'PL-SHAPE-30',
    breaks: 'list items carry os as one comma-separated string',
  },
  'plugins.search-item-without-id': {
    requirement: 'PL-SHAPE-37',
    breaks: 'search items carry no _id',
  },
  'plugins.search-item-title-renamed': {
    requirement: 'PL-SHAPE-38',
    breaks: 'search items carry the title as function_name, not title',
  },
  'plugins.list-status-true': {
    requirement: 'CONV-12',
    breaks: 'the normal list result carries status: "true"',
  },
  'plugins.current-page-string': {
    requirement: 'PL-LIST-08',
    breaks: 'the list answers currentPage as the query string, e.g. "1", not an integer',
  },
  'plugins.search-without-tags': {
    requirement: 'PL-SEARCH-06',
    breaks: 'the normal search result carries no tags',
  },
  'plugins.search-empty-status-boolean': {
    requirement: 'PL-SEARCH-07',
    breaks: 'a search that matches nothing answers status as the boolean true',
  },
  'plugins.get-id-renamed': {
    requirement: 'PL-SHAPE-31',
    breaks: "get carries the plugin's object id as id, not _id",
  },
  'plugins.get-without-title': {
    requirement: 'PL-SHAPE-32',
    breaks: 'get carries no title',
  },
  'plugins.get-without-name': {
    requirement: 'PL-SHAPE-33',
    breaks: 'get carries no name',
  },
  'plugins.get-description-renamed': {
    requirement: 'PL-SHAPE-34',
    breaks: 'get carries human_description as description',
  },
  'plugins.get-is-public-string': {
    requirement: 'PL-SHAPE-35',
    breaks: 'get carries isPublic as the string "true" or "false"',
  },
  'plugins.get-creator-object': {
    requirement: 'PL-SHAPE-22',
    breaks: 'get carries creator as an object {name}, not a string',
  },
  'plugins.get-data-key': {
    requirement: 'PL-GET-03',
    breaks: 'get answers the plugin under data, not plugin',
  },
  'plugins.list-func-run-object': {
    requirement: 'PL-SHAPE-11',
    breaks: 'list items carry func_run as an object {iv, tag, content}, not a string',
  },
  'plugins.list-func-schema-object': {
    requirement: 'PL-SHAPE-09',
    breaks: 'list items carry func_schema as an object {iv, tag, content}, not a string',
  },
  // List and search parameters.
  'plugins.list-default-public': {
    requirement: 'PL-LIST-02',
    breaks: 'a list without isPublic lists the public catalog only, not all',
  },
  'plugins.status-pending-refused': {
    requirement: 'STATE-07',
    breaks: 'the list refuses status=pending with a 400',
  },
  'plugins.list-os-default-nt': {
    requirement: 'PL-LIST-05',
    breaks: 'a list without os lists nt plugins only, not all',
  },
  'plugins.list-page-ignored': {
    requirement: 'PL-LIST-06',
    breaks: 'the list ignores page and always answers page 1',
  },
  'plugins.list-limit-20': {
    requirement: 'PL-LIST-07',
    breaks: 'the list pages by 20 without limit (the search default), not 50',
  },
  'plugins.list-limit-100': {
    requirement: 'LIM-11',
    breaks: 'the list pages by 100 without limit, not 50',
  },
  'plugins.public-catalog-own-only': {
    requirement: 'PL-SHAPE-15',
    breaks: "isPublic=public lists only the caller's own published plugins, not other accounts'",
  },
  'plugins.search-unpublished-only': {
    requirement: 'PL-SEARCH-02',
    breaks: "a search covers only the caller's unpublished plugins",
  },
  'plugins.search-os-default-nt': {
    requirement: 'PL-SEARCH-03',
    breaks: 'a search without os finds nt plugins only, not all',
  },
  'plugins.search-page-off-by-one': {
    requirement: 'PL-SEARCH-04',
    breaks: 'search page n answers the items of page n + 1',
  },
  'plugins.search-limit-10': {
    requirement: 'PL-SEARCH-05',
    breaks: 'a search pages by 10 without limit, not 20',
  },
  'plugins.get-title-from-body': {
    requirement: 'PL-GET-02',
    breaks: 'get reads title from the body, not the query, so a get by query title finds nothing',
  },
  // Catalogs and account isolation.
  'plugins.is-owner-always-true': {
    requirement: 'PL-SHAPE-36',
    breaks: "get answers isOwner true for another account's plugin",
  },
  'plugins.private-includes-public': {
    requirement: 'PL-LIST-03',
    breaks: "isPublic=private also lists every public plugin, other accounts' included",
  },
  'plugins.status-filter-ignored': {
    requirement: 'PL-LIST-04',
    breaks: 'the status filter is ignored: approved and pending both list every plugin',
  },
  // Create.
  'plugins.missing-fields-first-only': {
    requirement: 'ERR-23',
    breaks: 'the missing-fields 404 names only the first missing field',
  },
  'plugins.connection-url-optional': {
    requirement: 'PL-CREATE-04',
    breaks: 'connection_url is not required when authentication_required is true',
  },
  'plugins.reserved-title-accepted': {
    requirement: 'ERR-25',
    breaks: 'the reserved titles browser_search and code_interpreter are accepted',
  },
  'plugins.duplicate-title-replaces': {
    requirement: 'ERR-19',
    breaks: 'a create with an existing title replaces that plugin instead of a 400',
  },
  'plugins.title-unique-per-account': {
    requirement: 'IDS-11',
    breaks: "a create reusing another account's title succeeds (titles unique per account only)",
  },
  'plugins.code-interpreter-accepted': {
    requirement: 'IDS-15',
    breaks: 'only browser_search is reserved: a create titled code_interpreter succeeds',
  },
  'plugins.auth-url-checked-after-save': {
    requirement: 'PL-SHAPE-04',
    breaks:
      'a create without connection_url when authentication_required is true is refused after the plugin was saved',
  },
  'plugins.is-anonymous-not-required': {
    requirement: 'PL-CREATE-03',
    breaks: 'isAnonymous is not required: a create without it succeeds',
  },
  'plugins.missing-fields-400': {
    requirement: 'ERR-22',
    breaks: 'a create with a required field missing is a 400, not a 404',
  },
  'plugins.logo-required': {
    requirement: 'PL-CREATE-05',
    breaks: 'a create without logo is a 400',
  },
  'plugins.create-status-string': {
    requirement: 'PL-CREATE-06',
    breaks: 'create answers status as the string "true", not a boolean',
  },
  // What a create stores (write-faults.ts).
  'plugins.title-lowercased': {
    requirement: 'PL-SHAPE-01',
    breaks: 'the title is stored lowercased, so the plugin is not found under the title sent',
  },
  'plugins.name-truncated': {
    requirement: 'PL-SHAPE-02',
    breaks: 'the name is stored cut to 20 characters',
  },
  'plugins.tags-first-only': {
    requirement: 'PL-SHAPE-03',
    breaks: 'only the first tag is stored',
  },
  'plugins.os-first-only': {
    requirement: 'PL-SHAPE-05',
    breaks: 'only the first platform of os is stored',
  },
  'plugins.human-description-from-ai': {
    requirement: 'PL-SHAPE-06',
    breaks: 'human_description is stored from ai_description',
  },
  'plugins.ai-description-from-human': {
    requirement: 'PL-SHAPE-07',
    breaks: 'ai_description is stored from human_description',
  },
  'plugins.parameters-as-string': {
    requirement: 'PL-SHAPE-08',
    breaks: 'parameters is stored and returned as a JSON string, not an object',
  },
  'plugins.is-anonymous-ignored': {
    requirement: 'PL-SHAPE-16',
    breaks: 'isAnonymous is stored false whatever was sent',
  },
  'plugins.connection-url-null-without-auth': {
    requirement: 'PL-SHAPE-18',
    breaks: 'connection_url is stored null when authentication_required is false',
  },
  'plugins.logo-path-only': {
    requirement: 'PL-SHAPE-19',
    breaks: "the logo is stored as the URL's path, not an absolute URL",
  },
  'plugins.agentic-tool-as-boolean': {
    requirement: 'PL-SHAPE-20',
    breaks: 'is_agentic_tool left out is stored as the boolean false, not an object',
  },
  // Update and delete.
  'plugins.own-id-accepted-on-update': {
    requirement: 'PL-UPDATE-04',
    breaks: "an update carrying the plugin's own _id is accepted (only a different _id is Invalid Body)",
  },
  'plugins.update-ignores-title': {
    requirement: 'IDS-12',
    breaks: "an update changes the caller's first plugin, whatever title it names",
  },
  'plugins.update-new-id': {
    requirement: 'IDS-14',
    breaks: 'an update gives the plugin a new _id',
  },
  'plugins.update-accepts-v': {
    requirement: 'PL-SHAPE-23',
    breaks: 'an update carrying __v is accepted (the field is ignored), not 404 Invalid Body',
  },
  'plugins.update-title-from-query': {
    requirement: 'PL-UPDATE-02',
    breaks: 'update reads title from the query string, not the body',
  },
  'plugins.update-unsent-tags-cleared': {
    requirement: 'PL-UPDATE-03',
    breaks: 'an update that does not send tags clears them',
  },
  'plugins.update-status-string': {
    requirement: 'PL-UPDATE-05',
    breaks: 'update answers status as the string "true", not a boolean',
  },
  'plugins.delete-title-from-query': {
    requirement: 'PL-DELETE-02',
    breaks: 'delete reads title from the query string, not the body',
  },
  'plugins.delete-no-message': {
    requirement: 'PL-DELETE-03',
    breaks: 'delete answers {status: true} without message',
  },
  'plugins.update-any-owner': {
    requirement: 'ACCT-01',
    breaks: "an update by title reaches another account's plugin, ownership unchecked",
  },
  'plugins.delete-stays-public': {
    requirement: 'STATE-10',
    breaks: 'deleting a public plugin leaves it in the public catalog (it only leaves the own catalog)',
  },
  'plugins.delete-blocked-by-assistant': {
    requirement: 'STATE-12',
    breaks: "deleting a plugin named in an assistant's accessible_plugin is refused",
  },
  // Second faults of another shape, on the requirements that matter most.
  'plugins.private-lists-all-unpublished': {
    requirement: 'PL-LIST-03',
    breaks: "isPublic=private lists every account's unpublished plugins, not the caller's own",
  },
  'plugins.public-includes-private': {
    requirement: 'PL-SHAPE-15',
    breaks: "isPublic=public also lists unpublished plugins, other accounts' included",
  },
  'plugins.list-code-base64-only': {
    requirement: 'PL-LIST-12',
    breaks: 'list items carry func_run and func_schema base64-encoded, not encrypted',
  },
  'plugins.search-schema-in-clear': {
    requirement: 'PL-SHAPE-10',
    breaks: 'search items carry func_schema decrypted',
  },
  'plugins.is-owner-from-public': {
    requirement: 'PL-SHAPE-36',
    breaks: "get answers isOwner as the plugin's isPublic, so true for anyone reading a public plugin",
  },
  'plugins.status-all-means-approved': {
    requirement: 'PL-LIST-04',
    breaks: 'status=all (and the default) lists approved plugins only',
  },
  'plugins.total-plugins-page-length': {
    requirement: 'PL-LIST-08',
    breaks: 'totalPlugins counts the items of the page, not every match',
  },
  'plugins.empty-result-without-tags': {
    requirement: 'PL-LIST-10',
    breaks: 'a list or search that matches nothing answers {status, message} without tags',
  },
  'plugins.agentic-default-status-true': {
    requirement: 'PL-SHAPE-21',
    breaks: 'is_agentic_tool defaults to {status: true, object: null}',
  },
  'plugins.missing-fields-message-static': {
    requirement: 'ERR-23',
    breaks: 'the missing-fields 404 says "required fields are missing" and names none',
  },
  'plugins.reserved-title-saved-then-refused': {
    requirement: 'ERR-25',
    breaks: 'a create with a reserved title is refused only after the plugin was saved',
  },
  'plugins.duplicate-check-public-only': {
    requirement: 'ERR-19',
    breaks:
      'only published titles are checked for duplicates: a create reusing an unpublished title replaces it',
  },
  'plugins.empty-tags-refused': {
    requirement: 'PL-CREATE-02',
    breaks: 'a create with tags [] is a 400 (emptiness checked, not presence)',
  },
  'plugins.connection-url-always-required': {
    requirement: 'PL-CREATE-04',
    breaks: 'connection_url is required even when authentication_required is false',
  },
  'plugins.managed-field-400': {
    requirement: 'ERR-24',
    breaks: 'an update carrying a server-managed field is a 400 Invalid Body, not a 404',
  },
  'plugins.managed-field-applied-then-refused': {
    requirement: 'PL-UPDATE-04',
    breaks: 'an update carrying a server-managed field is applied, then answered 404 Invalid Body',
  },
  'plugins.delete-unpublishes-only': {
    requirement: 'STATE-10',
    breaks: "delete only unpublishes the plugin: it stays in the owner's own catalog",
  },
  'plugins.delete-referenced-kept': {
    requirement: 'STATE-12',
    breaks: "deleting a plugin named in an assistant's accessible_plugin answers 200 but keeps it",
  },
  'plugins.list-limit-param-ignored': {
    requirement: 'PL-LIST-07',
    breaks: 'the list ignores limit and always pages by 50',
  },
  'plugins.search-limit-param-ignored': {
    requirement: 'PL-SEARCH-05',
    breaks: 'a search ignores limit and always pages by 20',
  },
  'plugins.search-total-counts-all': {
    requirement: 'PL-SEARCH-06',
    breaks: 'a search answers totalPlugins as every plugin it covers, not the matches',
  },
  'plugins.list-os-filter-ignored': {
    requirement: 'PL-LIST-05',
    breaks: 'the list ignores os: os=web also lists android-only plugins',
  },
  'plugins.search-os-filter-ignored': {
    requirement: 'PL-SEARCH-03',
    breaks: 'a search ignores os: os=web also finds android-only plugins',
  },
  'plugins.list-all-public-only': {
    requirement: 'PL-LIST-02',
    breaks:
      "isPublic=all (and the default) lists published plugins only, without the caller's unpublished ones",
  },
  'plugins.duplicate-saved-then-refused': {
    requirement: 'IDS-11',
    breaks: 'a create reusing an existing title is answered 400 after it replaced the existing plugin',
  },
  'plugins.missing-title-400': {
    requirement: 'ERR-22',
    breaks: 'a create without title is a 400 (title is read before the required-fields check), not the 404',
  },
  'plugins.update-os-ignored': {
    requirement: 'PL-UPDATE-03',
    breaks: 'an update ignores os',
  },
  // ---- Between the rows (issue 21): faults that show only across operations and views
  // (history-faults.ts). Checked by suites/plugins/history.test.ts and history-accounts.test.ts.
  // A view serving a copy one write path does not refresh.
  'plugins.list-item-stale-after-update': {
    requirement: 'PL-UPDATE-03',
    breaks: 'list items show name, tags, os and isPublic as the plugin was created, not as updated',
  },
  'plugins.list-is-public-stale': {
    requirement: 'PL-UPDATE-03',
    breaks: 'list items show isPublic as the plugin was created, after an update changed it',
  },
  'plugins.get-stale-after-update': {
    requirement: 'PL-UPDATE-03',
    breaks: 'get shows name and human_description as the plugin was created, not as updated',
  },
  'plugins.get-is-public-stale': {
    requirement: 'PL-UPDATE-03',
    breaks: 'get shows isPublic as the plugin was created, after an update published or unpublished it',
  },
  'plugins.publish-not-in-public-catalog': {
    requirement: 'PL-SHAPE-15',
    breaks: 'a plugin created unpublished and published by an update stays out of the public catalog',
  },
  'plugins.unpublish-stays-in-public-catalog': {
    requirement: 'PL-SHAPE-15',
    breaks: "a plugin created published and unpublished by an update stays in other accounts' public catalog",
  },
  'plugins.list-os-filter-stale': {
    requirement: 'PL-LIST-05',
    breaks: 'the list os filter reads the platforms the plugin was created with, not the updated ones',
  },
  'plugins.search-os-stale-after-update': {
    requirement: 'PL-SEARCH-03',
    breaks: 'the search os filter reads the platforms the plugin was created with, not the updated ones',
  },
  // Encryption skipped on one write path.
  'plugins.update-code-stored-clear': {
    requirement: 'PL-LIST-12',
    breaks: 'an update stores func_run and func_schema as sent, so the list routes return them in clear',
  },
  'plugins.update-schema-stored-base64': {
    requirement: 'PL-SHAPE-10',
    breaks:
      'an update stores func_schema base64-encoded, not encrypted, so the list routes return it encoded',
  },
  'plugins.search-index-code-clear-after-update': {
    requirement: 'PL-SHAPE-14',
    breaks: 'an update writes func_run as sent to the search index, so search items carry it in clear',
  },
  // A soft delete that keeps an identity reserved or visible on one route.
  'plugins.delete-title-stays-reserved': {
    requirement: 'STATE-10',
    breaks: 'a create reusing the title of a deleted plugin is refused as a duplicate',
  },
  'plugins.deleted-still-searched': {
    requirement: 'STATE-10',
    breaks: 'a search still finds a deleted plugin',
  },
  'plugins.deleted-listed-under-status': {
    requirement: 'STATE-10',
    breaks: 'the list under status=approved or pending still lists deleted plugins',
  },
  'plugins.deleted-listed-under-os': {
    requirement: 'STATE-10',
    breaks: 'the list under an explicit os still lists deleted plugins',
  },
  'plugins.deleted-in-others-public-catalog': {
    requirement: 'STATE-10',
    breaks: "a deleted published plugin stays in other accounts' public catalog",
  },
  'plugins.deleted-still-gettable': {
    requirement: 'STATE-10',
    breaks: 'get still answers a deleted plugin',
  },
  // A filter applied after the page is cut.
  'plugins.list-visibility-after-slice': {
    requirement: 'PL-LIST-03',
    breaks: 'the list cuts the page from every plugin the caller sees, then applies isPublic',
  },
  'plugins.list-status-after-slice': {
    requirement: 'PL-LIST-04',
    breaks: 'the list cuts the page first, then applies status',
  },
  'plugins.status-filters-list-nothing': {
    requirement: 'STATE-07',
    breaks: 'status=approved and status=pending both list nothing (status=all still lists everything)',
  },
  'plugins.list-os-after-slice': {
    requirement: 'PL-LIST-05',
    breaks: 'the list cuts the page first, then applies os',
  },
  'plugins.search-term-after-slice': {
    requirement: 'PL-SEARCH-02',
    breaks: 'a search cuts the page from every plugin it covers, then applies the term',
  },
  'plugins.search-os-after-slice': {
    requirement: 'PL-SEARCH-03',
    breaks: 'a search cuts the page first, then applies os',
  },
  // A count ignoring a filter.
  'plugins.total-ignores-is-public': {
    requirement: 'PL-LIST-08',
    breaks: 'the list totalPlugins (and totalPages) counts every plugin the caller sees, ignoring isPublic',
  },
  'plugins.total-ignores-status': {
    requirement: 'PL-LIST-08',
    breaks: 'the list totalPlugins (and totalPages) ignores status',
  },
  'plugins.total-ignores-os': {
    requirement: 'PL-LIST-08',
    breaks: 'the list totalPlugins (and totalPages) ignores os',
  },
  'plugins.search-total-ignores-os': {
    requirement: 'PL-SEARCH-06',
    breaks: 'the search totalPlugins (and totalPages) ignores os',
  },
  'plugins.deleted-still-counted': {
    requirement: 'PL-LIST-08',
    breaks: "the list totalPlugins still counts the caller's deleted plugins",
  },
  // Pages: totalPages, currentPage, page boundaries, defaults.
  'plugins.list-total-pages-exact-multiple': {
    requirement: 'PL-LIST-08',
    breaks: 'the list totalPages is one too many when totalPlugins is an exact multiple of limit',
  },
  'plugins.search-total-pages-exact-multiple': {
    requirement: 'PL-SEARCH-06',
    breaks: 'the search totalPages is one too many when totalPlugins is an exact multiple of limit',
  },
  'plugins.search-current-page-always-one': {
    requirement: 'PL-SEARCH-04',
    breaks: 'a search answers currentPage 1 whatever page was asked for',
  },
  'plugins.list-current-page-zero-based': {
    requirement: 'PL-LIST-08',
    breaks: 'the list answers currentPage counted from 0',
  },
  'plugins.list-limit-one-ignored': {
    requirement: 'PL-LIST-07',
    breaks: 'the list takes limit=1 for no limit and pages by 50',
  },
  'plugins.search-limit-one-ignored': {
    requirement: 'PL-SEARCH-05',
    breaks: 'a search takes limit=1 for no limit and pages by 20',
  },
  'plugins.search-page-overlap': {
    requirement: 'PL-SEARCH-04',
    breaks: 'search pages after the first start one item early, repeating the last item of the page before',
  },
  'plugins.list-page-gap': {
    requirement: 'PL-LIST-06',
    breaks: 'list pages after the first skip one item more per page, so items fall between pages',
  },
  'plugins.search-os-default-every-platform': {
    requirement: 'PL-SEARCH-03',
    breaks: 'a search without os finds only plugins targeting all three platforms',
  },
  // An action on one plugin altering a sibling.
  'plugins.update-title-prefix-match': {
    requirement: 'IDS-12',
    breaks: "an update also changes the caller's plugins whose title starts with the title named",
  },
  'plugins.delete-title-prefix-match': {
    requirement: 'IDS-12',
    breaks: "a delete also removes the caller's plugins whose title starts with the title named",
  },
  // Visibility checked on one read route but not its sibling.
  'plugins.search-finds-others-private': {
    requirement: 'ACCT-01',
    breaks: "a search also finds other accounts' unpublished plugins (the list hides them)",
  },
  'plugins.list-os-filter-skips-visibility': {
    requirement: 'ACCT-01',
    breaks: "the list with an explicit os also lists other accounts' unpublished plugins",
  },
  'plugins.list-status-filter-skips-visibility': {
    requirement: 'ACCT-01',
    breaks: "the list with an explicit status also lists other accounts' unpublished plugins",
  },
  'plugins.search-os-filter-skips-visibility': {
    requirement: 'ACCT-01',
    breaks: "a search with an explicit os also finds other accounts' unpublished plugins",
  },
  // Input rules (h-rules): one write path or page size skipping a rule another path holds.
  'plugins.update-os-values-unchecked': {
    requirement: 'PL-UPDATE-03',
    breaks: 'update stores os values outside nt, android, web (create checks them)',
  },
  'plugins.update-name-any-type': {
    requirement: 'PL-UPDATE-03',
    breaks: 'update stores name as sent, a number included (create checks it is a string)',
  },
  'plugins.update-is-public-any-type': {
    requirement: 'PL-UPDATE-03',
    breaks: 'update stores isPublic as sent, a string "true" included (create checks it is a boolean)',
  },
  'plugins.update-tags-any-type': {
    requirement: 'PL-UPDATE-03',
    breaks: 'update stores tags as sent, a bare string included (create checks an array of strings)',
  },
  'plugins.managed-field-alone-accepted': {
    requirement: 'PL-UPDATE-04',
    breaks:
      'server-managed fields are refused only beside a field update may change: sent alone, one is accepted',
  },
  'plugins.update-accepts-app-version': {
    requirement: 'PL-UPDATE-04',
    breaks: 'appVersion is missing from the server-managed fields: an update carrying it is accepted',
  },
  'plugins.create-name-any-type': {
    requirement: 'PL-SHAPE-02',
    breaks: 'create checks only that name is present: a number is stored as the name',
  },
  'plugins.create-os-values-unchecked': {
    requirement: 'PL-SHAPE-05',
    breaks: 'create checks that os is an array of strings, not that each is nt, android or web',
  },
  'plugins.list-limit-one-gives-two': {
    requirement: 'PL-LIST-07',
    breaks: 'the plugin list pages by at least 2: limit 1 answers two plugins',
  },
  'plugins.search-limit-one-gives-two': {
    requirement: 'PL-SEARCH-05',
    breaks: 'plugin search pages by at least 2: limit 1 answers two plugins',
  },
} as const satisfies Record<string, FaultSpec>;

export type PluginFault = keyof typeof PLUGIN_FAULTS;

/** Whether a plugins fault is planted. */
export const pluginFault = faultCheck(PLUGIN_FAULTS);
