import { request } from 'undici';
import { ConfigError } from './config-error.ts';

/**
 * Any HTTP answer from the base URL means the target is up; only a failure to connect (or no
 * answer in time) stops the run before it starts.
 */
export async function assertReachable(baseUrl: string, timeoutMs = 10_000): Promise<void> {
  try {
    const res = await request(`${baseUrl}/users/get_voice_clone`, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body.dump();
  } catch (error) {
    const err = error as Error & { code?: string };
    const reason =
      err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err.code ?? err.message);
    throw new ConfigError(`target ${baseUrl} is unreachable (${reason})`);
  }
}
