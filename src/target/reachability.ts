import { request } from 'undici';
import { ConfigError } from './config-error.ts';

/** Enough of an answer's body to know it answered; the rest is not read (the connection is dropped). */
const DUMP_LIMIT_BYTES = 64 * 1024;

/**
 * Any HTTP answer from the base URL means the target is up; only a failure to connect (or no
 * answer in time) stops the run before it starts. The whole exchange is bounded: one deadline for
 * the headers and the body alike (a body dripping a byte a second ends with it), and at most
 * DUMP_LIMIT_BYTES of the body are read (a 1 GiB answer is cut, not drained).
 */
export async function assertReachable(baseUrl: string, timeoutMs = 10_000): Promise<void> {
  try {
    const res = await request(`${baseUrl}/users/get_voice_clone`, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The request's signal also destroys the body when the deadline passes, and dump() then
    // resolves: the headers came, so the target is up. Past the limit, dump() destroys the body.
    await res.body.dump({ limit: DUMP_LIMIT_BYTES });
  } catch (error) {
    const err = error as Error & { code?: string };
    const reason =
      err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err.code ?? err.message);
    throw new ConfigError(`target ${baseUrl} is unreachable (${reason})`);
  }
}
