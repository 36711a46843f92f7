import { ConfigError } from '../target/config-error.ts';
import { dispatch } from './dispatch.ts';
import { tuneTierUp } from './tier-up.ts';

// Before any worker thread starts: they take the process's V8 flags.
tuneTierUp();

// Every failure ends as one line and a status, never a stack trace.
dispatch(process.argv.slice(2)).then(
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
