import { expect } from 'vitest';
import { expectPageArithmetic } from '../../expect/list-page.ts';
import { judgeWalks, type WalkJudgement } from '../../expect/page-walk.ts';
import { expectSchema } from '../../expect/schema.ts';
import type { QueryValue } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf, objectsIn } from '../../http/json.ts';
import { walkPages } from '../../resources/pages.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import { ROUTES, withOwnItems } from '../views/read.ts';
import type { World } from '../world.ts';
import { LISTED_AS } from './create-assistant.ts';

/**
 * Pages read at most: on a real account the list's filter may match many assistants of other runs
 * (a search's term is the sequence's own: a few assistants at most match it).
 */
const CAP = 30;

/**
 * The list of assistants walked page by page with a drawn `limit` (under the filter the run's
 * assistants share): each live non-public assistant of the run is on exactly one page, each live
 * assistant listed is on one page only, with the model's name and isPublic; no assistant the run
 * deleted is on any. The account's other assistants are not judged (nor held to the schema), and a
 * list that moved while it was read (another client at work) is not judged either.
 */
export class ListAssistants extends Step {
  constructor(private readonly limit: number) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.assistant > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const live = [...model.assistants.keys()].map((a) => [a, world.assistantId(a)] as const);
    // `private` "means owned or granted", which holds the run's public assistants too; a reading
    // that also leaves the public ones out of `private` is not excluded by the document, so only
    // the run's non-public assistants must be on a page. A public one found is judged all the same.
    // A main agent is not an agentic tool: isMainAgent=false leaves it out.
    const wanted = live
      .filter(([a]) => !model.assistant(a).isPublic && !model.assistant(a).mainAgent)
      .map(([, id]) => id);
    const { walk, judged } = await walkRunAssistants(world, 'listPersonas', LISTED_AS, this.limit, wanted, {
      isolated: false,
      cover: () => {},
    });
    if (!judged) return;
    const items = walk.pages.flatMap((page) => objectsIn(bodyOf(page.exchange), 'allPersonas'));
    for (const [a, id] of live) {
      const item = items.find((i) => i.customPersonaId === id);
      const expected = model.assistant(a);
      world.last = walk.pages.find((page) => page.identities.includes(id))?.exchange ?? world.last;
      if (expected.mainAgent) {
        expect(item, `main agent assistant #${a} in the list under isMainAgent=false`).toBeUndefined();
        continue;
      }
      if (item === undefined && expected.isPublic) continue;
      const seen = walk.pages.flatMap((page) => page.identities.filter((x) => x === id));
      expect(seen.length, `times assistant #${a} is listed (limit ${this.limit})`).toBeLessThanOrEqual(1);
      expect(
        { name: item?.name, isPublic: item?.isPublic },
        `assistant #${a} in the list (limit ${this.limit})`,
      ).toEqual({ name: expected.name, isPublic: expected.isPublic });
    }
    const listed = new Set(walk.pages.flatMap((page) => page.identities));
    for (const id of world.deletedAssistants.values())
      expect(listed.has(id), `deleted assistant ${id} in the list (limit ${this.limit})`).toBe(false);
  }

  toString(): string {
    return `list assistants (limit ${this.limit}, every page)`;
  }
}

/**
 * The run's assistants walked page by page under `query` with `limit` (judgeWalks: each of `wanted`
 * on exactly one page, unless the collection moved): every page a 200 in the documented shape,
 * with page arithmetic that holds. The schema is judged on the page with the run's own items only:
 * the account's other assistants (a real account's data, made before or by other means) are not
 * the run's to judge. `onPage` adds a route's own judgement of each page.
 */
export function walkRunAssistants(
  world: World,
  route: 'listPersonas' | 'searchPersonas',
  query: Record<string, QueryValue>,
  limit: number,
  wanted: readonly string[],
  judgement: WalkJudgement,
  onPage: (exchange: Exchange, page: number) => void = () => {},
) {
  const ours = new Set([...world.assistants.values()].map(({ id }) => id));
  return judgeWalks(
    () =>
      walkPages(world.client, route, {
        query,
        key: ROUTES[route].key,
        limit,
        cap: CAP,
        onPage: (exchange, page) => {
          expectSchema(world.spec, withOwnItems(exchange, route, ours));
          onPage(exchange, page);
          expectPageArithmetic(exchange, {
            items: ROUTES[route].items,
            total: ROUTES[route].total,
            limit,
            page,
          });
        },
      }),
    wanted,
    judgement,
  );
}
