import type { Exchange } from '../http/exchange.ts';
import { ConformanceFailure } from './failure.ts';

/** One page read during a walk: the page asked for, its answer, and the identities it held. */
export interface WalkedPage {
  page: number;
  exchange: Exchange;
  /** The identity (`customPersonaId`, `title`) of every item on the page, in the order received. */
  identities: readonly unknown[];
  /** The collection's total as this page reported it (a number, or a numeric string on plugin routes). */
  total: unknown;
}

/** Pages 1 … n of one collection, read in order with the same query and page size. */
export interface PageWalk {
  pages: readonly WalkedPage[];
  /** `totalPages` as page 1 reported it. */
  totalPages: number;
  /** The most pages the walk reads: a real account may hold thousands of items. */
  cap: number;
}

export type WalkVerdict =
  /** Every page 1 … totalPages was read and each wanted item was on exactly one of them. */
  | { outcome: 'complete' }
  /** The cap stopped the walk before totalPages: no item was seen twice, `unreached` were not seen. */
  | { outcome: 'capped'; unreached: string[] }
  /**
   * The total changed between pages: someone else created or deleted items while the pages were
   * read, which shifts items across page boundaries. Nothing about duplicates or gaps can be told.
   */
  | { outcome: 'changed'; totals: string[] };

function totalOf(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value);
}

/** The pages `id` was found on, once per time it was listed (twice on one page counts twice). */
function occurrences(pages: readonly WalkedPage[], id: string): WalkedPage[] {
  return pages.flatMap((page) => page.identities.filter((x) => x === id).map(() => page));
}

/**
 * A paginated route read page by page must yield every wanted item exactly once: an item on two
 * pages (or twice on one) fails wherever the walk stopped; an item on no page fails once every page
 * up to `totalPages` was read. When the cap stopped the walk first, the items not reached are
 * returned, not failed; when the total moved between pages (another client at work), nothing is
 * judged and the totals are returned. `atMostOnce` items may be absent but never shown twice.
 */
export function expectEachOnce(
  walk: PageWalk,
  wanted: readonly string[],
  atMostOnce: readonly string[] = [],
): WalkVerdict {
  const first = walk.pages[0];
  if (!first) throw new Error('expectEachOnce: a walk reads at least page 1');
  const totals = [...new Set(walk.pages.map((page) => totalOf(page.total)))];
  if (totals.length > 1) return { outcome: 'changed', totals };
  const complete = walk.pages.length >= walk.totalPages;
  const unreached: string[] = [];
  for (const id of [...wanted, ...atMostOnce]) {
    const seen = occurrences(walk.pages, id);
    if (seen.length > 1) {
      throw new ConformanceFailure(
        `Received: ${id} ${seen.length} times, on pages ${seen.map((p) => p.page).join(', ')} / Documented: a paginated collection, each item on one page`,
        seen[1]!.exchange,
      );
    }
    if (seen.length === 0 && wanted.includes(id)) unreached.push(id);
  }
  if (unreached.length === 0) return { outcome: 'complete' };
  if (!complete) return { outcome: 'capped', unreached };
  const last = walk.pages[walk.pages.length - 1]!;
  throw new ConformanceFailure(
    `Received: ${unreached.length} of the ${wanted.length} items on none of pages 1-${walk.pages.length} (${unreached.join(', ')}) / Documented: a paginated collection, every matching item on one page`,
    last.exchange,
  );
}

export interface WalkJudgement {
  /**
   * Nobody but the check creates or deletes what the query matches (a search for a word of the
   * check's own), so one walk is proof: a total that moves between pages, an item twice or one
   * missing is the implementation's doing and fails at once.
   */
  isolated: boolean;
  /**
   * Records why a walk could not be judged in full (capped, or changed by another client): coverage
   * (ctx.cover), not an observation, since timing and not the implementation decides it.
   */
  cover: (value: string) => void;
  /** Items the query may or may not show (the document leaves it open), but never twice. */
  atMostOnce?: readonly string[];
}

/** Walks of one query others also write to, at most, before a defect seen in each is a failure. */
export const WALK_TRIES = 3;

export interface JudgedWalk {
  /** The walk judged (or, where none could be, the last one read). */
  walk: PageWalk;
  /** Every page was read, the total held, and each wanted item was on exactly one page. */
  judged: boolean;
}

function inEachWalk(failure: ConformanceFailure): ConformanceFailure {
  const [received, ...documented] = failure.message.split(' / Documented:');
  const message = `${received} (in each of ${WALK_TRIES} walks) / Documented:${documented.join(' / Documented:')}`;
  return new ConformanceFailure(message, failure.exchange);
}

/**
 * Reads a walk with `read` and judges it with `expectEachOnce`, as a check uses it. What cannot be
 * judged is recorded as coverage, with a value that does not change from run to run.
 *
 * Where the query is not the check's alone (a list of an account the run's other check files write
 * to at any moment), one walk proves nothing: a delete and a create landing between two page reads
 * shift an item across a page boundary while the total stays put, so it shows twice or not at all.
 * Such a query is walked again (reads only, nothing is repeated that changes the account), up to
 * WALK_TRIES times: it fails only when every walk shows the defect, judges the first walk that is
 * whole and clean, and is recorded as not judged when the collection kept moving. A real defect
 * (a filter applied after slicing, a page off by one) shows in every walk.
 */
export async function judgeWalks(
  read: () => Promise<PageWalk>,
  wanted: readonly string[],
  judgement: WalkJudgement,
): Promise<JudgedWalk> {
  const tries = judgement.isolated ? 1 : WALK_TRIES;
  let first: ConformanceFailure | undefined;
  let failures = 0;
  let walk: PageWalk | undefined;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    walk = await read();
    let verdict: WalkVerdict;
    try {
      verdict = expectEachOnce(walk, wanted, judgement.atMostOnce);
    } catch (error) {
      if (judgement.isolated || !(error instanceof ConformanceFailure)) throw error;
      first ??= error;
      failures += 1;
      continue;
    }
    // Every wanted item found before the cap is not every page read: the items counted on the
    // pages may then fall short of the total.
    if (verdict.outcome === 'complete') return { walk, judged: walk.pages.length >= walk.totalPages };
    if (verdict.outcome === 'capped') {
      judgement.cover(
        `the walk stopped at its cap of ${walk.cap} pages before totalPages; items of the run not reached by then were not judged`,
      );
      return { walk, judged: false };
    }
    if (judgement.isolated) {
      const moved = walk.pages.find((page) => totalOf(page.total) !== totalOf(walk!.pages[0]!.total))!;
      throw new ConformanceFailure(
        `Received: a total of ${verdict.totals.join(', then ')} across the pages of one query that only this check's items match / Documented: one paginated collection`,
        moved.exchange,
      );
    }
  }
  if (first && failures === tries) throw inEachWalk(first);
  judgement.cover('the collection changed while its pages were read (another client at work): not judged');
  return { walk: walk!, judged: false };
}
