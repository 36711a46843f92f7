import { KEYRING_ROLES, type Keyring } from '../target/keyring-types.ts';
import type { Summary, SummaryCheck } from './summary.ts';

/** Ids named in a reason before the rest are counted. */
const NAMED_IDS = 3;

/**
 * What a certification run needs before it starts, as reasons it cannot be one: every keyring role
 * of TARGET.md, both route lists, and the other account's email. Without them checks would be
 * skipped, and a certificate must rest on every check.
 */
export function certificationPrerequisites(keyring: Keyring): string[] {
  const reasons: string[] = [];
  const missing = KEYRING_ROLES.filter((role) => keyring.keys[role] === undefined);
  if (missing.length > 0) reasons.push(`the keyring lacks the role(s) ${missing.join(', ')}`);
  if ((keyring.forbiddenRoutes ?? []).length === 0) reasons.push('the keyring lists no forbiddenRoutes');
  if ((keyring.unscopedRoutes ?? []).length === 0) reasons.push('the keyring lists no unscopedRoutes');
  if (keyring.accounts?.other?.email === undefined) reasons.push('the keyring has no accounts.other.email');
  return reasons;
}

function named(checks: readonly SummaryCheck[]): string {
  const ids = checks.slice(0, NAMED_IDS).map((check) => check.id);
  const more = checks.length - ids.length;
  return `${ids.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The reasons a finished run denies the certificate; none: certified. */
export function certificationReasons(summary: Summary): string[] {
  const reasons: string[] = [];
  const withOutcome = (outcome: SummaryCheck['outcome']) =>
    summary.checks.filter((check) => check.outcome === outcome);
  const failed = withOutcome('failed');
  const errored = withOutcome('errored');
  const skipped = withOutcome('skipped');
  if (failed.length > 0) reasons.push(`${failed.length} check(s) failed: ${named(failed)}`);
  if (errored.length > 0) reasons.push(`${errored.length} check(s) errored: ${named(errored)}`);
  if (skipped.length > 0) reasons.push(`${skipped.length} check(s) skipped: ${named(skipped)}`);
  if (summary.harnessErrors.length > 0)
    reasons.push(`${summary.harnessErrors.length} harness error(s): ${summary.harnessErrors[0] ?? ''}`);
  if (summary.checks.length === skipped.length) reasons.push('no check ran');
  return reasons;
}

/** The summary with the certification verdict of a `--certify` run. */
export function certify(
  summary: Summary,
  reasons: readonly string[] = certificationReasons(summary),
): Summary {
  // Spelled out so that the verdict comes before the long lists in summary.json.
  const { harnessErrors, checks, ...head } = summary;
  return {
    ...head,
    certified: reasons.length === 0,
    certificationReasons: [...reasons],
    harnessErrors,
    checks,
  };
}
