import { createHash } from 'node:crypto';
import { attachment, epic, feature, label, story } from 'allure-js-commons';
import { inject, test as base, TestRunner, type TestContext } from 'vitest';
import { ConformanceFailure, ConformanceWarning, SetupError, isVerdict } from '../expect/failure.ts';
import { ApiClient, type ClientOptions } from '../http/client.ts';
import { makeRedactor } from '../redact/secrets.ts';
import { RequestGate } from '../http/request-gate.ts';
import { redactStrings } from '../redact/structured.ts';
import { AccountResources } from '../resources/account.ts';
import { FileScope } from '../resources/file-scope.ts';
import { KnowledgeSteps } from '../resources/knowledge-steps.ts';
import { ResourceMaker } from '../resources/maker.ts';
import { Workbench } from '../resources/operation-requests.ts';
import { ResourceTracker } from '../resources/tracker.ts';
import { isWrite, loadSpec, type Spec } from '../spec/openapi.ts';
import type { Role } from '../target/keyring-types.ts';
import { keyringSecrets } from '../target/keyring.ts';
import './check-meta.ts';
import type { ScopeCellMeta } from '../scope/matrix.ts';
import type { CheckKind, CheckMeta } from './check-meta.ts';
import { requirementKinds, requirementSections } from './catalog-kinds.ts';
import { callWatch } from './call-watch.ts';
import { logExchange } from './exchange-log.ts';
import { isSmokeCheck } from './smoke.ts';
import { stableValue } from '../context/stable-value.ts';
import '../context/provided.ts';
import { patienceOf, type Patience } from '../context/patience.ts';
import type { ProvidedTarget } from '../context/provided.ts';
import { checkCopies, type CheckCopies } from './check-copies.ts';

/** The accounts checks create resources on: A through `full`, B through `other`. */
type ResourceRole = 'full' | 'other';

interface CheckFixtures {
  target: ProvidedTarget;
  spec: Spec;
  /** A client holding the key of `role`; the check is skipped, naming the role, when the keyring lacks it. */
  as: (role: Role) => ApiClient;
  /** A client sending the given Authorization value as is (`null`: no header), for authentication checks. */
  withAuthorization: (authorization: string | null) => ApiClient;
  /** Unique to this run and file: put it in every name a check creates. */
  prefix: string;
  /**
   * Records what an implementation does where the document leaves it open. `situation`: where a
   * drawn history decides whether the case is reached at all, the case (`value` is then what the
   * implementation did in it, without counts), so runs compare it only where both reached it.
   */
  observe: (requirement: string, value: unknown, situation?: string) => void;
  /**
   * Records what the run happened to exercise rather than what it observed: how many `times` a
   * drawn history reached a transition, a view not judged because the collection moved or a cap was
   * hit. It depends on the seed and on timing, so `conformance diff` does not compare it.
   */
  cover: (requirement: string, value: string, times?: number) => void;
  /** One per check file: what the file created is deleted when the file ends, also after a failure. */
  tracker: ResourceTracker;
  /**
   * The file's resource maker for account A (`full`, the default) or B (`other`): one per file and
   * account, so names never repeat. Skips the check, naming the role, when the keyring lacks it.
   */
  resources: (role?: ResourceRole) => AccountResources;
  /**
   * The check's set-up maker for account A (`full`, the default) or B (`other`):
   * `ctx.make().assistant(overrides)`, `.plugin(overrides)`. Skips the check, naming the role, when
   * the keyring lacks it.
   */
  make: (role?: ResourceRole) => ResourceMaker;
  /** The file's shared resources and a valid request for every operation, made with the `full` key. */
  workbench: () => Workbench;
  /** The knowledge-base steps with the key of `role` (default `full`): creating, reading back, judged. */
  kb: (role?: Role) => KnowledgeSteps;
  /**
   * What the file's checks share, made once by whichever check needs it first (a page of 51
   * assistants, a base with known chunks): `shared('batch', () => make())`. Held per file and
   * target, never in a module variable, which would outlive the file and ignore the target.
   */
  shared: <T>(key: string, make: () => Promise<T>) => Promise<T>;
  /** How long to wait for an expected effect before judging (`--settle`). */
  patience: Patience;
}

/** Fixtures the checks do not see: the store behind `resources` and `workbench`. */
interface InternalFixtures {
  fileScope: FileScope;
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * What every client of a check shares: the run's timeout and body cap, the ledger and read-only
 * guard (callWatch), and the hook that puts each exchange on the run's record under the check's id.
 */
function clientOptions(
  target: ProvidedTarget,
  spec: Spec,
  context: Pick<TestContext, 'task' | 'skip'>,
): Pick<
  ClientOptions,
  'baseUrl' | 'spec' | 'secrets' | 'timeoutMs' | 'maxBodyBytes' | 'observer' | 'gate' | 'onExchange'
> {
  const dir = target.exchangeLogDir;
  const { task } = context;
  return {
    baseUrl: target.baseUrl,
    spec,
    secrets: keyringSecrets(target.keyring),
    timeoutMs: target.requestTimeoutMs,
    maxBodyBytes: target.maxBodyBytes,
    observer: callWatch(target, spec, (note) => context.skip(note)),
    ...(target.gate !== undefined ? { gate: workerGate(target.gate) } : {}),
    onExchange: (exchange) => {
      const meta = task.meta.check;
      if (meta !== undefined && exchange.rateLimitWaits !== undefined)
        meta.rateLimitWaits = (meta.rateLimitWaits ?? 0) + exchange.rateLimitWaits;
      if (dir !== undefined) logExchange(dir, meta?.id ?? task.name, exchange);
    },
  };
}

/** This worker's share of the run's caps: one gate for all its clients. */
let gate: RequestGate | undefined;
function workerGate(caps: NonNullable<ProvidedTarget['gate']>): RequestGate {
  gate ??= new RequestGate(caps.concurrency, caps.ratePerSecond);
  return gate;
}

// Every fixture is set up for every check (each is cheap; the clients and resource makers are lazy
// functions): a check body then gets the test context whole, with no list of fixture names to keep
// in step with this table.
const AUTO = { auto: true } as const;

const conformanceTest = base.extend<CheckFixtures & InternalFixtures>({
  target: [
    async ({ task }, use) => {
      const tag = task.meta.check?.fault;
      await use(tag === undefined ? inject('target') : installedCopies().targetOf(tag));
    },
    AUTO,
  ],
  spec: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await loadSpec());
    },
    AUTO,
  ],
  as: [
    async ({ target, spec, skip, task }, use) => {
      const common = clientOptions(target, spec, { task, skip });
      await use((role: Role) => {
        const key = target.keyring.keys[role];
        if (key === undefined) return skip(`the keyring has no "${role}" key`);
        return new ApiClient({ ...common, apiKey: key });
      });
    },
    AUTO,
  ],
  withAuthorization: [
    async ({ target, spec, skip, task }, use) => {
      const common = clientOptions(target, spec, { task, skip });
      await use(
        (authorization) => new ApiClient({ ...common, apiKey: undefined, defaultHeaders: { authorization } }),
      );
    },
    AUTO,
  ],
  tracker: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const tracker = new ResourceTracker();
      await use(tracker);
      for (const problem of await tracker.cleanupAll()) {
        console.warn(
          `conformance: could not remove ${problem} (run \`conformance cleanup\` to remove leftovers)`,
        );
      }
    },
    { scope: 'file', auto: true },
  ],
  fileScope: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new FileScope());
    },
    { scope: 'file', auto: true },
  ],
  resources: [
    async ({ as, tracker, spec, prefix, fileScope, target }, use) => {
      await use((role = 'full') => {
        // The role first: a keyring without it skips the check before anything is made.
        const client = as(role);
        const named = role === 'full' ? prefix : `${prefix}b`;
        return fileScope.once(
          `${target.baseUrl} account:${role}`,
          () => new AccountResources(new ResourceMaker(client, tracker, spec, named), named),
        );
      });
    },
    AUTO,
  ],
  make: [
    async ({ as, tracker, spec, prefix }, use) => {
      // One per check and role: a check's assistants share one read of the voice catalog.
      const makers = new Map<ResourceRole, ResourceMaker>();
      await use((role = 'full') => {
        const client = as(role);
        let maker = makers.get(role);
        if (maker === undefined) {
          maker = new ResourceMaker(client, tracker, spec, prefix);
          makers.set(role, maker);
        }
        return maker;
      });
    },
    AUTO,
  ],
  workbench: [
    async ({ resources, target, fileScope }, use) => {
      await use(() => {
        const account = resources('full');
        return fileScope.once(
          `${target.baseUrl} workbench`,
          () => new Workbench(account, target.fixtureBaseUrl),
        );
      });
    },
    AUTO,
  ],
  kb: [
    async ({ as, spec, tracker, prefix, patience }, use) => {
      await use(
        (role = 'full') => new KnowledgeSteps(as(role), { spec, tracker, prefix, indexMs: patience.indexMs }),
      );
    },
    AUTO,
  ],
  patience: [
    async ({ target }, use) => {
      await use(target.patience ?? patienceOf());
    },
    AUTO,
  ],
  shared: [
    async ({ target, fileScope }, use) => {
      await use(<T>(key: string, make: () => Promise<T>) =>
        fileScope.once(`${target.baseUrl} shared:${key}`, make),
      );
    },
    AUTO,
  ],
  prefix: [
    async ({ target, task }, use) => {
      const file = createHash('sha1').update(task.file.name).digest('hex').slice(0, 6);
      // Letters and digits only, so it fits a slug (customPersonaId), snake_case (plugin title) and free text alike.
      await use(`${target.runPrefix}${file}`);
    },
    AUTO,
  ],
  observe: [
    async ({ task, target }, use) => {
      await use((requirement, value, situation) => {
        // Made stable before it is cut short, so a cut never leaves half a run prefix behind.
        const seen = typeof value === 'string' ? value : JSON.stringify(value);
        const stable = (text: string) => stableValue(text, target.runPrefix);
        const text = situation === undefined ? stable(seen) : `${stable(situation)}: ${stable(seen)}`;
        const observation = {
          requirement,
          value: show(text),
          ...(situation === undefined ? {} : { situation: stable(situation) }),
        };
        const observations = task.meta.check?.observations;
        // A history reads the same view after every step: one behaviour seen is one observation,
        // however often it was seen (how often depends on the draw and on timing, not the target).
        const known = observations?.some(
          (o) => o.requirement === observation.requirement && o.value === observation.value,
        );
        if (!known) observations?.push(observation);
      });
    },
    AUTO,
  ],
  cover: [
    async ({ task, target }, use) => {
      await use((requirement, value, times) => {
        const note = {
          requirement,
          value: show(stableValue(value, target.runPrefix)),
          ...(times === undefined ? {} : { times }),
        };
        const coverage = task.meta.check?.coverage;
        // A note made at every checkpoint is one note; a count is made once, when the check ends.
        if (!coverage?.some((c) => c.requirement === note.requirement && c.value === note.value))
          coverage?.push(note);
      });
    },
    AUTO,
  ],
});

/** The hook a tagged copy of a check was registered by (check-copies.ts). */
function installedCopies(): CheckCopies {
  const copies = checkCopies();
  if (copies === undefined) throw new Error('a copy of a check runs without the hook that made it');
  return copies;
}

const hideShareTokens = makeRedactor([]);

/**
 * An error as it may leave the worker: a check that reads a minted share token can quote it in an
 * assertion (`expected 'tok…' to match /^con_sh_/`), and the reports are redacted in the main
 * process, which never saw the token. So the words that travel (message, stack, the compared
 * values) are redacted here, where the token was learnt.
 */
function withoutLearnedSecrets(thrown: unknown): unknown {
  if (!(thrown instanceof Error)) return thrown;
  const error = thrown as Error & { actual?: unknown; expected?: unknown; exchange?: unknown };
  error.message = hideShareTokens(error.message);
  // The exchange travels with a failure (the JUnit reporter prints it): its parsed body still
  // holds what the answer said, a minted token too.
  if (error.exchange !== undefined) error.exchange = redactStrings(error.exchange, hideShareTokens);
  if (error.stack !== undefined) error.stack = hideShareTokens(error.stack);
  if (typeof error.actual === 'string') error.actual = hideShareTokens(error.actual);
  if (typeof error.expected === 'string') error.expected = hideShareTokens(error.expected);
  return error;
}

/** Whether the run's selection (`--requirement`, `--profile smoke`; none: everything) takes a check. */
function isSelected(id: string, requirements: readonly string[], scope: ScopeCellMeta | undefined): boolean {
  const selection = inject('selection');
  if (selection === undefined) return true;
  const { requirements: wanted, smoke } = selection;
  if (wanted !== undefined && !requirements.some((requirement) => wanted.includes(requirement))) return false;
  return smoke !== true || isSmokeCheck(id, scope);
}

/** The strongest kind among the cited requirements decides how a failed assertion is reported. */
function kindOf(requirements: readonly string[]): CheckKind {
  const kinds = requirementKinds(requirements);
  if (kinds.includes('must')) return 'must';
  if (kinds.includes('should')) return 'should';
  return 'observed';
}

/**
 * A setup step that got a wrong answer on an operation the check names as its own is the check's
 * verdict. No answer at all (a timeout, a dropped connection, a body past the cap) is no verdict:
 * it stays an error, as it does for the check's own requests (expectResponse).
 */
function asVerdictOnOwnOperation(error: unknown, meta: CheckMeta): unknown {
  if (!(error instanceof SetupError) || error.exchange?.response === undefined) return error;
  const operationId = error.exchange.operationId;
  return operationId !== undefined && meta.operations.includes(operationId)
    ? new ConformanceFailure(error.summary, error.exchange)
    : error;
}

/**
 * What an error thrown by a check body makes of it: a `ConformanceWarning`, or a failed assertion of
 * a check citing only `should` requirements, is recorded as the check's warning (outcome `warned`,
 * with the HTTP status seen observed); a SetupError on one of the check's own operations becomes its
 * failure; anything else is rethrown, for vitest to report as failed (a verdict) or errored (the
 * harness broke, or a setup step on an operation the check is not about).
 */
export function settleCheckError(thrown: unknown, meta: CheckMeta): void {
  const error = asVerdictOnOwnOperation(thrown, meta);
  if (error instanceof ConformanceWarning) {
    // A warning stops the check (what follows rested on a proper answer) without failing it.
    meta.warning = error.message;
    const status = error.exchange?.response?.status;
    const requirement = meta.requirements[0];
    if (status !== undefined && requirement !== undefined) {
      meta.observations.push({ requirement, value: `HTTP ${status}` });
    }
    return;
  }
  if (meta.kind === 'should' && error instanceof Error && isVerdict(error)) {
    meta.warning = error.message;
    return;
  }
  throw error;
}

/** What a check body receives: the fixtures and the parts of vitest's context a check needs. */
export type CheckContext = CheckFixtures &
  Pick<TestContext, 'task' | 'skip' | 'onTestFinished' | 'signal' | 'annotate'>;

export interface CheckOptions {
  /** operationIds the check exercises, for the report's labels. */
  operations?: string[];
  /** A scope-matrix check: its cell, which the report's matrix reads back. */
  scope?: ScopeCellMeta;
  timeout?: number;
}

/**
 * One documented behaviour, as one test. `id` is stable (it names the check in summary.json),
 * `requirements` are ids of spec/requirements.yaml, `title` states the behaviour as a sentence.
 * A failed assertion of a check citing only `should` requirements is a warning, not a failure.
 */
export function check(
  id: string,
  requirements: readonly string[],
  title: string,
  body: (context: CheckContext) => Promise<void>,
  options: CheckOptions = {},
): void {
  if (requirements.length === 0) throw new Error(`check ${id} cites no requirement`);
  const area = id.split('.')[0] ?? id;
  // Known when the test is registered, so that collecting the suite without running it (the check
  // index) sees every check's id, requirements and operations.
  const registered: CheckMeta = {
    id,
    requirements: [...requirements],
    kind: kindOf(requirements),
    operations: options.operations ?? [],
    area,
    observations: [],
    coverage: [],
    ...(options.scope ? { scope: options.scope } : {}),
  };
  const name = `${title} [${requirements.join(', ')}]`;
  const copies = checkCopies();
  if (copies !== undefined) {
    // Copies instead of the check (the self-test's fault batch: one per fault it can catch).
    const file = TestRunner.getCurrentSuite().file.filepath;
    for (const tag of copies.tagsOf(file, requirements))
      register(`${name} {${tag}}`, { ...registered, observations: [], coverage: [], fault: tag });
    return;
  }
  if (!isSelected(id, requirements, options.scope)) {
    conformanceTest.skip(name, { meta: { check: registered } }, () => {});
    return;
  }
  register(name, registered);

  function register(testName: string, meta: CheckMeta): void {
    // vitest reads which fixtures a test uses from the destructuring pattern, so it is spelled out.
    conformanceTest(
      testName,
      { timeout: options.timeout, meta: { check: meta } },
      // vitest wants a destructuring pattern here. The whole context, every (auto) fixture set up, is
      // the task's; vitest types `task.context` without the extended fixtures, hence the cast.
      async ({ task }) => {
        const context = task.context as unknown as CheckContext;
        const checkMeta = task.meta.check ?? meta;
        checkMeta.started = true;
        const tag = checkMeta.fault;
        const settledBefore = tag === undefined ? undefined : installedCopies().skipReason(tag);
        if (settledBefore !== undefined) context.skip(settledBefore);
        if (context.target.readOnly === true) {
          const writes = checkMeta.operations.filter((id) => isWrite(context.spec.operation(id)));
          if (writes.length > 0) context.skip(`--read-only: the check writes (${writes.join(', ')})`);
        }
        await label('area', area);
        for (const requirement of requirements) await label('requirement', requirement);
        for (const operation of checkMeta.operations) await label('operation', operation);
        // Allure's behaviours tree: the document's section, the operation, the requirement.
        for (const section of requirementSections(requirements)) await epic(section);
        for (const operation of checkMeta.operations) await feature(operation);
        for (const requirement of requirements) await story(requirement);
        try {
          await body(context);
        } catch (thrown) {
          const error = withoutLearnedSecrets(thrown);
          // The request and the answer a verdict rests on, in the Allure report beside the failure.
          if (error instanceof Error && 'exchange' in error && error.exchange !== undefined)
            await attachment('exchange (curl and answer)', error.message, 'text/plain');
          try {
            settleCheckError(error, checkMeta);
          } catch (settled) {
            if (tag !== undefined && isVerdict(settled)) installedCopies().failed(tag);
            throw settled;
          }
        } finally {
          if (checkMeta.observations.length > 0)
            await attachment(
              'observations',
              JSON.stringify(checkMeta.observations, null, 2),
              'application/json',
            );
          if (checkMeta.coverage.length > 0)
            await attachment('coverage', JSON.stringify(checkMeta.coverage, null, 2), 'application/json');
        }
      },
    );
  }
}
