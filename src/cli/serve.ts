import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from '../target/config-error.ts';
import type { OpenPointsName } from '../reference/open-points.ts';
import { parseCommand, type CommandSpec } from './command-line.ts';
import { OPEN_POINTS_HELP, openPointsOption } from './open-points-option.ts';

export const SERVE_COMMAND: CommandSpec = {
  name: 'serve',
  summary: 'Run the embedded reference implementation standalone until Ctrl-C.',
  about: 'Keys are never printed; --keyring-out writes them (mode 0600).',
  synopsis: '[--port N] [--keyring-out FILE] [--open-points default|alternative]',
  options: {
    port: { type: 'string', value: 'N', help: 'port on 127.0.0.1', default: '0: any free port' },
    'keyring-out': {
      type: 'string',
      value: 'FILE',
      help: "write the reference's keyring there (TARGET.md format)",
    },
    'open-points': { type: 'string', value: 'NAME', help: OPEN_POINTS_HELP, default: 'default' },
  },
  examples: [
    'conformance serve --port 8080 --keyring-out keys.json',
    'conformance run --base-url http://127.0.0.1:8080/api/v1 --keyring keys.json',
    'conformance serve --open-points alternative --keyring-out keys.json',
  ],
};

interface ServeFlags {
  port: number;
  keyringOut?: string;
  openPoints: OpenPointsName;
}

/** `--port N --keyring-out FILE`; anything else (a stray word, `-x`) is a ConfigError. */
function parseFlags(argv: readonly string[]): ServeFlags {
  const args = parseCommand(SERVE_COMMAND, argv);
  const flags: ServeFlags = {
    port: 0,
    openPoints: openPointsOption('open-points', args.string('open-points')) ?? 'default',
  };
  const text = args.string('port');
  if (text !== undefined) {
    const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(port >= 0 && port <= 65535))
      throw new ConfigError(`--port must be an integer from 0 to 65535, got "${text}"`);
    flags.port = port;
  }
  const keyringOut = args.string('keyring-out');
  if (keyringOut !== undefined) flags.keyringOut = keyringOut;
  return flags;
}

/** Resolves on the first SIGINT or SIGTERM, or when `stop` aborts (tests). */
function untilStopped(stop?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      stop?.removeEventListener('abort', finish);
      resolve();
    };
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    if (stop?.aborted) finish();
    else stop?.addEventListener('abort', finish, { once: true });
  });
}

/**
 * Writes `text` to `file` readable by its owner only (0600), also when `file` exists with wider
 * permissions: writeFile's `mode` applies only to a file it creates, and changing the mode of the
 * existing file would not help a reader that opened it before. So the keys go into a new file in
 * the same directory, created exclusively (never through a planted file or link) and made 0600
 * before the first byte, which then replaces `file` by a rename: at no moment does a file others
 * can read hold the keys.
 */
async function writePrivately(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    try {
      // The umask may have taken bits off 0600, never added any; this makes it exactly 0600.
      await handle.chmod(0o600);
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export interface ServeIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Ends the server like a signal would (tests). */
  stop?: AbortSignal;
}

const consoleIo: ServeIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/**
 * `conformance serve`: the reference implementation as a standalone sandbox until SIGINT/SIGTERM.
 * Keys are never printed; `--keyring-out` writes them (TARGET.md's keyring format, mode 0600).
 */
export async function runServe(argv: string[], io: ServeIo = consoleIo): Promise<number> {
  let flags: ServeFlags;
  try {
    flags = parseFlags(argv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`conformance serve: ${error.message}`);
    return 2;
  }

  let server;
  try {
    // Loaded when needed: the reference (Fastify, the PDF and DOCX readers) is heavy to load.
    const { createReferenceServer } = await import('../reference/server.ts');
    server = await createReferenceServer({ port: flags.port, openPoints: flags.openPoints });
  } catch (error) {
    io.err(`conformance serve: cannot start the reference: ${(error as Error).message}`);
    return 2;
  }

  try {
    if (flags.keyringOut !== undefined)
      await writePrivately(flags.keyringOut, `${JSON.stringify(server.keyring, null, 2)}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(
      `conformance serve: cannot write the keyring to ${flags.keyringOut}: ${code ?? (error as Error).message}`,
    );
    await server.close();
    return 2;
  }

  io.out(
    `reference implementation listening at ${server.baseUrl}${flags.openPoints === 'default' ? '' : ` (open points: ${flags.openPoints})`}`,
  );
  io.out(
    flags.keyringOut === undefined
      ? 'keys are not printed; pass --keyring-out FILE to write the keyring'
      : `keyring written to ${flags.keyringOut}`,
  );
  io.out('press Ctrl-C to stop');
  await untilStopped(io.stop);
  await server.close();
  io.out('reference implementation stopped');
  return 0;
}
