/** `conformance <command> --help`: one text per command; `conformance help` prints them all. */
export const COMMAND_HELP = {
  run: `conformance run [options]            run the conformance checks against the target (the default command)
  target   --base-url URL --keyring FILE --api-key KEY --fixture-host HOST --report-dir DIR
           (environment: CONFORMANCE_BASE_URL, CONFORMANCE_KEYRING, CONFORMANCE_API_KEY,
           CONFORMANCE_FIXTURE_HOST, CONFORMANCE_REPORT_DIR; flags win; keys shorter than 8
           characters are refused)
  --only AREA          only suites/AREA (e.g. voices, assistants, knowledge-bases)
  --requirement GLOB   only checks citing a matching id (e.g. 'KB-ATTACH-*')
  --runs N             runs per generated property (default 20)
  --timeout MS         per-request timeout, the preflight's included (default 30000)
  --certify            certification run: needs every keyring role, forbiddenRoutes, unscopedRoutes
                       and accounts.other.email; no --only/--requirement/--bail, no expectations file
                       (--expectations, CONFORMANCE_EXPECTATIONS); certified only when every check
                       ran and none failed, errored or was skipped
  --expectations FILE  known deviations: not applied yet (every failure counts); refused by --certify
  Before any check a preflight asks the voice catalog without a key and with the full key: an
  unreachable target, no API at the base URL, or a refused full key stops the run (exit 2).
  Exit status: 0 every executed check passed (with --certify: certified); 1 a check failed;
  2 the run could not be carried out: bad flags or configuration, target unreachable, no API found,
  the full key refused, no check executed, an errored check or harness error, or (--certify)
  a missing prerequisite or a skipped check.
  Reports in the report dir: summary.json, index.html, junit.xml, allure-results/, scope-matrix.md.`,
  serve: `conformance serve [--port N] [--keyring-out FILE]
  run the embedded reference implementation standalone until Ctrl-C; keys are never printed,
  --keyring-out writes them (mode 0600).`,
  cleanup: `conformance cleanup [target options] [--prefix P] [--dry-run]
  remove what an interrupted run left on the target (assistants, plugins, bases whose name carries
  a run prefix), on the accounts of the full and other keys; --prefix limits it to one run,
  --dry-run only lists. Exit status: 0 nothing left, 1 something could not be removed, 2 the
  cleanup could not be carried out.`,
  requirements: `conformance requirements [--uncited]
  print the requirement catalog's coverage by the checks; --uncited lists the must requirements
  no check cites. Exit status 1 when a check cites an id the catalog does not define.`,
  'self-test': `conformance self-test [--jobs N] [--fault ID[,ID]] [--keep-reports] [--table]
  prove every check can fail: the suite against the clean reference, then once per planted fault
  against a reference with that fault; prints the mutation score. --table prints the fault catalog.`,
} as const;

export type Command = keyof typeof COMMAND_HELP;

export const USAGE = `usage: conformance <command> [options]   (conformance <command> --help for one command)

${Object.values(COMMAND_HELP).join('\n\n')}

conformance help     this text
Every command refuses a stray word or an unknown flag (exit status 2).`;
