import { OPEN_POINTS_NAMES, type OpenPointsName } from '../reference/open-points.ts';
import { ConfigError } from '../target/config-error.ts';

/**
 * What the self-test asks of one `conformance run` child besides the user's options: faults to
 * plant in the embedded reference, the check files to load, and to stop at the first failure.
 * It travels in an environment variable rather than as flags so that the run command offers users
 * nothing that only the self-test can use.
 */
export interface SelfTestRunRequest {
  faults: string[];
  /** Check files relative to the project root; undefined: the run's own selection. */
  files?: string[];
  /** The embedded reference's personality (open-points.ts); undefined: the default. */
  openPoints?: OpenPointsName;
}

export const SELF_TEST_RUN_ENV = 'CONFORMANCE_SELF_TEST_RUN';

export function encodeRunRequest(request: SelfTestRunRequest): string {
  return JSON.stringify(request);
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The request of the environment, if any; a malformed one is a ConfigError, never ignored. */
export function readRunRequest(env: NodeJS.ProcessEnv): SelfTestRunRequest | undefined {
  const text = env[SELF_TEST_RUN_ENV];
  if (text === undefined || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${SELF_TEST_RUN_ENV} is not JSON`);
  }
  const { faults, files, openPoints } = (parsed ?? {}) as Record<string, unknown>;
  const personality = OPEN_POINTS_NAMES.find((name) => name === openPoints);
  if (
    !isStringList(faults) ||
    (files !== undefined && !isStringList(files)) ||
    (openPoints !== undefined && personality === undefined)
  ) {
    throw new ConfigError(
      `${SELF_TEST_RUN_ENV} must be {"faults": [ids], "files"?: [paths], "openPoints"?: "default" | "alternative"}`,
    );
  }
  return {
    faults,
    ...(files === undefined ? {} : { files }),
    ...(personality === undefined ? {} : { openPoints: personality }),
  };
}
