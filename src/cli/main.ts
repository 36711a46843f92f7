import { ConfigError } from '../target/config-error.ts';
import { runCleanup } from './cleanup.ts';
import { runRequirements } from './requirements.ts';
import { runConformance } from './run.ts';
import { runSelfTest } from './self-test.ts';
import { runServe } from './serve.ts';

const USAGE = `usage: conformance <command> [options]

commands:
  run            run the conformance checks against the target (default)
                   --base-url URL --keyring FILE --api-key KEY --fixture-host HOST --report-dir DIR
                   --only AREA          only suites/AREA (e.g. voices, assistants, knowledge-bases)
                   --requirement GLOB   only checks citing a matching id (e.g. 'KB-ATTACH-*')
                   --runs N             runs per generated property (default 20)
                   --timeout MS         per-request timeout (default 30000)
  serve          run the embedded reference implementation standalone
                   --port N --keyring-out FILE
  cleanup        remove what an interrupted run left on the target (assistants, plugins, bases)
                   target options as for run, --prefix P (one run's prefix), --dry-run
  requirements   print the requirement catalog's coverage by the checks (--uncited lists the gaps)
  self-test      prove every check can fail: the suite against the clean reference, then once per
                 planted fault against a reference with that fault; prints the mutation score
                   --jobs N --fault ID[,ID] --keep-reports --table
  help           this text

Environment (overridden by flags): CONFORMANCE_BASE_URL, CONFORMANCE_KEYRING, CONFORMANCE_API_KEY,
CONFORMANCE_FIXTURE_HOST, CONFORMANCE_REPORT_DIR. Exit status: 0 conforms, 1 a check failed,
2 the run could not be carried out.`;

async function main(argv: string[]): Promise<number> {
  const [command = 'run', ...rest] = argv;
  switch (command) {
    case 'run':
      return runConformance(rest);
    case 'serve':
      return runServe(rest);
    case 'cleanup':
      return runCleanup(rest);
    case 'requirements':
      return runRequirements(rest);
    case 'self-test':
      return runSelfTest(rest);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return 0;
    default:
      if (command.startsWith('--')) return runConformance(argv);
      console.error(`conformance: unknown command "${command}" (try: conformance help)`);
      return 2;
  }
}

// Every failure ends as one line and a status, never a stack trace.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message =
      error instanceof ConfigError ? error.message : `harness error: ${(error as Error).message}`;
    console.error(`conformance: ${message}`);
    process.exitCode = 2;
  },
);
