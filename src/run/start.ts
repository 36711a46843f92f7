import { UnknownFaultError } from '../reference/faults.ts';
import { certificationPrerequisites } from '../report/certification.ts';
import type { Spec } from '../spec/openapi.ts';
import { ConfigError } from '../target/config-error.ts';
import type { RunningTarget } from '../target/embedded.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { preflight } from '../target/preflight.ts';
import type { RunPlan, RunTarget } from './plan.ts';

/** The embedded reference's faults and personality are the self-test's and a user's choice without a base URL only. */
export function checkReferenceChoices(target: RunTarget): void {
  if (target.faults.length > 0 && target.baseUrl !== undefined) {
    throw new ConfigError('the self-test plants faults in the embedded reference only, not at a base URL');
  }
  if (target.openPoints !== undefined && target.baseUrl !== undefined)
    throw new ConfigError(
      '--reference-open-points chooses how the embedded reference decides: not with a base URL',
    );
}

/** The target to check: the given base URL, or the embedded reference, started now. */
export async function startTarget(target: RunTarget): Promise<RunningTarget> {
  if (target.baseUrl !== undefined)
    return { baseUrl: target.baseUrl, keyring: target.keyring, embedded: false, close: async () => {} };
  const { faults, openPoints } = target;
  console.log(
    `conformance: no base URL given: starting the embedded reference implementation${faults.length > 0 ? ` with faults ${faults.join(', ')}` : ''}${openPoints === undefined || openPoints === 'default' ? '' : ` (open points: ${openPoints})`}`,
  );
  try {
    // Loaded only now: a run against a base URL never holds the reference's code and packages
    // (fastify, the document parsers).
    const { startEmbeddedTarget } = await import('../target/embedded.ts');
    return await startEmbeddedTarget({ faults, openPoints });
  } catch (error) {
    if (error instanceof UnknownFaultError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * Before any check: a certificate's prerequisites, then the preflight (the target is reachable, is
 * this API, and takes the `full` key). Any problem is a ConfigError: exit 2, one line.
 */
export async function checkTargetReady(plan: RunPlan, target: RunningTarget, spec: Spec): Promise<void> {
  if (plan.certify) {
    const missing = certificationPrerequisites(target.keyring);
    if (missing.length > 0) throw new ConfigError(`--certify cannot certify: ${missing.join('; ')}`);
  }
  const notes = await preflight({
    baseUrl: target.baseUrl,
    keyring: target.keyring,
    spec,
    secrets: keyringSecrets(target.keyring),
    timeoutMs: plan.limits.requestTimeoutMs,
    maxBodyBytes: plan.limits.maxBodyBytes,
  });
  for (const note of notes) console.log(`conformance: preflight: ${note}`);
}
