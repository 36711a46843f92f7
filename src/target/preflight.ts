import { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { LEVELS, type Level, type Spec } from '../spec/openapi.ts';
import { ConfigError } from './config-error.ts';
import type { Keyring } from './keyring-types.ts';

/** The voice catalog: one read every key holding voices may make, with no setup and no side effect. */
const PROBE_OPERATION = 'listVoices';

/** What the preflight saw of one answer: enough to judge it, nothing of the key. */
interface ProbeAnswer {
  status: number;
  /** The parsed body; undefined when the body is not JSON. */
  json: unknown;
}

function field(json: unknown, name: string): unknown {
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;
}

/** `key_revoked`, or the message of a 401 (`invalid bearer token`), as the implementation gave it. */
function codeOf(answer: ProbeAnswer): string {
  if (answer.json === undefined) return 'a body that is not JSON';
  const code = field(answer.json, 'code') ?? field(answer.json, 'message');
  if (typeof code !== 'string' || code.length === 0) return 'no code';
  return code.length > 80 ? `${code.slice(0, 80)}…` : code;
}

function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/**
 * A `scope_denied` whose own `held` covers what the operation needs: the key is what the keyring
 * says, and the implementation judges levels wrongly. That is the checks' verdict to give (they
 * fail it), not a configuration problem.
 */
function deniedDespiteSufficientLevel(answer: ProbeAnswer, needed: Level): boolean {
  const held = field(answer.json, 'held');
  return (
    answer.status === 403 &&
    field(answer.json, 'code') === 'scope_denied' &&
    isLevel(held) &&
    LEVELS.indexOf(held) >= LEVELS.indexOf(needed)
  );
}

/** Not this API: the voice catalog route does not exist there, or does not answer JSON. */
function noApiProblem(baseUrl: string, answer: ProbeAnswer, withKey: boolean): string | undefined {
  const request = `GET /users/get_voice_clone${withKey ? ' with the full key' : ' without a key'}`;
  if (answer.status === 404) return `no API found at ${baseUrl} (${request} answered 404)`;
  if (answer.json === undefined)
    return `no API found at ${baseUrl} (${request} answered ${answer.status} with a body that is not JSON)`;
  return undefined;
}

/**
 * The `full` key refused on a route it must reach (401, or 403 `key_revoked`, `key_expired`,
 * `route_forbidden` ...): the keyring is wrong, and every check would read as a failure.
 */
function fullKeyProblem(baseUrl: string, answer: ProbeAnswer, needed: Level): string | undefined {
  if (answer.status !== 401 && answer.status !== 403) return undefined;
  if (deniedDespiteSufficientLevel(answer, needed)) return undefined;
  return `the full key is refused by ${baseUrl}: HTTP ${answer.status} ${codeOf(answer)} (check the keyring's full key: it must be a live key holding manage on every module)`;
}

export interface PreflightInput {
  baseUrl: string;
  keyring: Keyring;
  spec: Spec;
  secrets: readonly string[];
  timeoutMs: number;
  maxBodyBytes?: number;
}

function answerOf(baseUrl: string, exchange: Exchange): ProbeAnswer {
  if (!exchange.response)
    throw new ConfigError(`target ${baseUrl} is unreachable (${exchange.error ?? 'no answer'})`);
  return { status: exchange.response.status, json: exchange.response.json };
}

/**
 * Before any check: is the target there, is it this API, and does it take the `full` key? The voice
 * catalog is asked once without a key (any answer but a 404 shows a server that routes it; the key
 * is not sent to one that does not) and once with the `full` key. Without a `full` key only the
 * first question can be asked, and a JSON answer (the documented 401) shows the API is there.
 * Every problem is a ConfigError (exit status 2); the returned lines are notes for the person.
 */
export async function preflight(input: PreflightInput): Promise<string[]> {
  const { baseUrl, keyring, spec, secrets, timeoutMs, maxBodyBytes } = input;
  const client = new ApiClient({
    baseUrl,
    apiKey: undefined,
    spec,
    secrets,
    timeoutMs,
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
  });
  const keyless = answerOf(baseUrl, await client.call(PROBE_OPERATION));
  const fullKey = keyring.keys.full;
  if (fullKey === undefined) {
    const problem = noApiProblem(baseUrl, keyless, false);
    if (problem !== undefined) throw new ConfigError(problem);
    return ['the keyring has no full key: the preflight checked that the API is there, not a key'];
  }
  if (keyless.status === 404) throw new ConfigError(noApiProblem(baseUrl, keyless, false) ?? '');
  const keyed = answerOf(baseUrl, await client.withKey(fullKey).call(PROBE_OPERATION));
  const needed = spec.operation(PROBE_OPERATION).scope.level;
  const problem =
    (keyed.status === 404 ? noApiProblem(baseUrl, keyed, true) : undefined) ??
    fullKeyProblem(baseUrl, keyed, needed) ??
    noApiProblem(baseUrl, keyed, true);
  if (problem !== undefined) throw new ConfigError(problem);
  if (deniedDespiteSufficientLevel(keyed, needed)) {
    return [
      `the voice catalog refuses the full key with scope_denied although it reports holding ${String(field(keyed.json, 'held'))}: the checks will judge it`,
    ];
  }
  return [];
}
