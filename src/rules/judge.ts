import type { FieldConstraint, InputCase } from '../generate/input-rules.ts';
import type { CheckContext } from '../harness/check.ts';
import type { Exchange } from '../http/exchange.ts';
import { bodyOf, isObject, succeeded, type JsonObject } from '../http/json.ts';
import { successStatus } from '../spec/openapi.ts';
import { ConformanceFailure, ConformanceWarning } from '../expect/failure.ts';
import { expectPageArithmetic } from '../expect/list-page.ts';
import { expectRejected } from '../expect/rejection.ts';
import { expectSchema } from '../expect/schema.ts';
import { schemaProblems } from '../expect/schema-problems.ts';
import { expectResponse, expectStatus } from '../expect/status.ts';
import { componentValidator } from '../expect/validators.ts';

/**
 * The verdict on one input-rule case. Where the document states the answer (the case's `stated`)
 * it is judged fully. Where it does not, the status is recorded and only what the document implies
 * is judged: either the write is refused (a 4xx), or, if it was accepted, every view of the subject
 * afterwards still shows what the document allows there (its schema, and for the case's field
 * the type and the values the request body allows).
 */

/** One read of what a write stored: the exchange, and the items of it that show the subject. */
export interface ViewReading {
  /** `get assistant`, `list plugins`, ... */
  name: string;
  exchange: Exchange;
  /** The component schema each item is judged against. */
  component: string;
  /** The items showing the subject (one, or every document of a base). */
  items: JsonObject[];
  /** Where in an item the case's field stands (`autoRefresh` for the schedule), if not at its top. */
  within?: string;
}

export interface Attempt {
  /** The answer to the case's request. */
  exchange: Exchange;
  /** Reads every view of the subject (after an accepted write). */
  views: () => Promise<ViewReading[]>;
  /** Whether the write created a resource (for creates refused as stated: nothing created). */
  created: () => Promise<boolean>;
}

/** Where a paged route's items and total stand. */
export interface PagedRoute {
  itemsField: string;
  totalField: string;
}

/** The requirement under which unstated error statuses are recorded. */
const UNSTATED_ERRORS = 'ERR-26';

const typeOf = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;

/** A value a view shows for the field holds the field's type and allowed values (null: not shown). */
function constraintProblem(value: unknown, constraint: FieldConstraint): string | undefined {
  if (value === undefined || value === null) return undefined;
  const type = typeOf(value);
  if (constraint.types.length > 0 && !constraint.types.includes(type))
    return `${JSON.stringify(value)} is not of type ${constraint.types.join(' or ')}`;
  const allowed = constraint.values;
  if (!allowed) return undefined;
  const shown = Array.isArray(value) ? value : [value];
  const outside = shown.filter((v) => !allowed.includes(String(v)));
  return outside.length > 0
    ? `${JSON.stringify(outside)} is not among the allowed values ${allowed.join(', ')}`
    : undefined;
}

function fieldOf(view: ViewReading, item: JsonObject, field: string): unknown {
  const holder = view.within ? item[view.within] : item;
  return isObject(holder) ? holder[field] : undefined;
}

/**
 * Every view of the subject answers 200 and each of its items matches its component schema; where
 * an item shows the case's field, the value holds the field's constraint. Returns the views.
 */
async function expectViewsAllowed(
  context: CheckContext,
  rule: InputCase,
  attempt: Attempt,
): Promise<ViewReading[]> {
  const views = await attempt.views();
  for (const view of views) {
    expectStatus(view.exchange, 200);
    const validate = componentValidator(context.spec, view.component);
    for (const item of view.items) {
      if (!validate(item)) {
        const problems = schemaProblems(validate, { root: '(item)' });
        throw new ConformanceFailure(
          `Received: after ${rule.operationId} with ${describe(rule)}, ${view.name} shows an item that does not match ${view.component}: ${problems}`,
          view.exchange,
        );
      }
      const problem = constraintProblem(fieldOf(view, item, rule.field), rule.constraint);
      if (problem) {
        throw new ConformanceFailure(
          `Received: after ${rule.operationId} with ${describe(rule)}, ${view.name} shows ${rule.field} ${problem} / Documented: ${rule.field} as the request body allows it`,
          view.exchange,
        );
      }
    }
  }
  return views;
}

/** What a case sent, short: a long text by its length and script. */
function describe(rule: InputCase): string {
  if (rule.absent) return `${rule.field} left out`;
  const value =
    typeof rule.value === 'string' && rule.value.length > 40
      ? `a ${rule.variant} text of ${rule.value.length} characters`
      : JSON.stringify(rule.value);
  return `${rule.field} ${value}`;
}

/** Views that carry the field show `expected` there; views that do not carry it say nothing. */
function expectShown(
  views: readonly ViewReading[],
  rule: InputCase,
  accept: (shown: unknown) => boolean,
  documented: string,
): void {
  for (const view of views) {
    for (const item of view.items) {
      const shown = fieldOf(view, item, rule.field);
      if (shown === undefined) continue;
      if (!accept(shown)) {
        const text =
          typeof shown === 'string' && shown.length > 40
            ? `a text of ${shown.length} characters`
            : JSON.stringify(shown);
        throw new ConformanceFailure(
          `Received: after ${rule.operationId} with ${describe(rule)}, ${view.name} shows ${rule.field} ${text} / Documented: ${documented}`,
          view.exchange,
        );
      }
    }
  }
}

/** The view shows the allowed value sent (within a list for a list field), where it is not the server's to decide. */
function echoesValue(rule: InputCase): ((shown: unknown) => boolean) | undefined {
  const sent: unknown = Array.isArray(rule.value) ? (rule.value as unknown[])[0] : rule.value;
  // `auto` asks the server to decide the tier: the view shows the tier, not `auto`.
  if (rule.field === 'mode' && sent === 'auto') return undefined;
  return (shown) => (Array.isArray(shown) ? shown.includes(sent) : shown === sent);
}

function messageOf(exchange: Exchange): string {
  const body = bodyOf(exchange);
  return ['message', 'code', 'error']
    .map((key) => body[key])
    .filter((v): v is string => typeof v === 'string')
    .join(' ');
}

function expectCap(rule: InputCase, exchange: Exchange): void {
  if (!rule.cap || !succeeded(exchange)) return;
  const results = bodyOf(exchange).results;
  const count = Array.isArray(results) ? results.length : 0;
  if (count > rule.cap.max) {
    throw new ConformanceFailure(
      `Received: ${count} results for ${describe(rule)} / Documented: maximum ${rule.cap.max}`,
      exchange,
    );
  }
}

/** A 5xx is no refusal and no success: warned (the document states no status for it). */
function warnServerError(rule: InputCase, exchange: Exchange): void {
  const status = expectResponse(exchange).status;
  if (status >= 500)
    throw new ConformanceWarning(
      `Received: ${status} for ${rule.operationId} with ${describe(rule)} / Documented: a refusal (status not stated) or an acceptance; a server error is neither`,
      exchange,
    );
}

/** Judges a body case as src/generate/input-rules.ts derived it. */
export async function judgeBodyCase(context: CheckContext, rule: InputCase, attempt: Attempt): Promise<void> {
  const { exchange } = attempt;
  const operation = context.spec.operation(rule.operationId);
  const status = expectResponse(exchange).status;
  context.observe(UNSTATED_ERRORS, `${rule.id}: ${status}`);
  expectCap(rule, exchange);
  const stated = rule.stated;
  if (stated?.kind === 'refused') {
    if (stated.status !== undefined) expectStatus(exchange, stated.status);
    else expectRejected(exchange);
    const message = messageOf(exchange);
    if (stated.message !== undefined && !message.includes(stated.message))
      throw new ConformanceFailure(
        `Received: message ${JSON.stringify(message)} / Documented: ${stated.message}`,
        exchange,
      );
    if (stated.names !== undefined && !message.includes(stated.names))
      throw new ConformanceFailure(
        `Received: message ${JSON.stringify(message)} / Documented: one message naming the required fields, ${stated.names} among them`,
        exchange,
      );
    if (await attempt.created())
      throw new ConformanceFailure(
        `Received: the create was refused, yet the resource exists / Documented: refused`,
        exchange,
      );
    return;
  }
  if (stated) {
    expectStatus(exchange, successStatus(operation));
    expectSchema(context.spec, exchange);
  } else {
    warnServerError(rule, exchange);
    if (!succeeded(exchange)) return;
  }
  const views = await expectViewsAllowed(context, rule, attempt);
  judgeStored(rule, views);
}

/** What an accepted case must have stored, where a view shows the field. */
function judgeStored(rule: InputCase, views: readonly ViewReading[]): void {
  const sent = rule.value;
  const stated = rule.stated;
  if (rule.ruleClass === 'enum-value') {
    const echoes = echoesValue(rule);
    if (echoes) expectShown(views, rule, echoes, `${rule.field} as sent, ${JSON.stringify(sent)}`);
    return;
  }
  if (typeof sent !== 'string') return;
  if (rule.ruleClass === 'at-limit') {
    expectShown(
      views,
      rule,
      (shown) => shown === sent,
      `the ${sent.length} characters sent, whole: within the limit, counted in characters`,
    );
    return;
  }
  if (rule.ruleClass !== 'past-limit') return;
  if (stated?.kind === 'truncated') {
    expectShown(
      views,
      rule,
      (shown) => shown === sent.slice(0, stated.length),
      `its first ${stated.length} characters (silently truncated, counted in characters)`,
    );
  } else if (stated === undefined) {
    // The limit is stated for another operation of the resource: kept whole, or cut as there.
    const cut = (views.length > 0 && limitLength(rule)) || undefined;
    expectShown(
      views,
      rule,
      (shown) => shown === sent || (cut !== undefined && shown === sent.slice(0, cut)),
      `the text sent, whole, or its first ${cut ?? '?'} characters as the limit stated for create cuts it`,
    );
  }
}

/** The stated limit a past-limit case exceeds by one character. */
function limitLength(rule: InputCase): number | undefined {
  return typeof rule.value === 'string' ? rule.value.length - 1 : undefined;
}

/** Judges a query-parameter case of a paged route. */
export function judgeQueryCase(
  context: CheckContext,
  rule: InputCase,
  exchange: Exchange,
  route: PagedRoute,
): void {
  const status = expectResponse(exchange).status;
  const body = bodyOf(exchange);
  const items = Array.isArray(body[route.itemsField]) ? (body[route.itemsField] as unknown[]).length : 0;
  context.observe(UNSTATED_ERRORS, `${rule.id}: ${status}`);
  // How many items a shared account's list holds depends on what the run's other files made or
  // deleted by then: what the run exercised, not behaviour.
  if (succeeded(exchange)) context.cover(UNSTATED_ERRORS, `${rule.id}: ${items} items`);
  const stated = rule.stated;
  if (stated) {
    expectStatus(exchange, 200);
    expectSchema(context.spec, exchange);
    if (stated.kind === 'page')
      expectPageArithmetic(exchange, {
        items: route.itemsField,
        total: route.totalField,
        limit: stated.limit,
        page: 1,
      });
    return;
  }
  warnServerError(rule, exchange);
  if (!succeeded(exchange)) return;
  expectSchema(context.spec, exchange);
  if (typeof rule.value === 'number' && rule.value > 0 && items > rule.value)
    throw new ConformanceFailure(
      `Received: ${items} items for limit ${rule.value} / Documented: pages of limit items`,
      exchange,
    );
}
