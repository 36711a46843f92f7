/**
 * A view walked page by page at the checkpoint's page size (1, 2, 3 or the route's documented
 * default, drawn): every page's arithmetic (currentPage as asked, totalPages from the total and the
 * page size, exact multiples included, as many items as remain), the run's items certain to be
 * there each on exactly one page (so the items walked add up to the total), none certain to be
 * absent on any.
 */
import { expectPageArithmetic } from '../../expect/list-page.ts';
import { judgeWalks, type PageWalk } from '../../expect/page-walk.ts';
import { expectSchema } from '../../expect/schema.ts';
import type { ApiClient, QueryValue } from '../../http/client.ts';
import { objectsIn, bodyOf } from '../../http/json.ts';
import { walkPages } from '../../resources/pages.ts';
import type { Projection } from '../projection.ts';
import type { World } from '../world.ts';
import {
  judgeView,
  readView,
  ROUTES,
  withOwnItems,
  type Judged,
  type Sighting,
  type ViewRead,
  type ViewRoute,
} from './read.ts';

/** The documented default page sizes (LIM-09 … LIM-12). */
const DEFAULT_PAGE_SIZE: Record<ViewRoute, number> = {
  listPersonas: 50,
  searchPersonas: 30,
  listPlugins: 50,
  searchPlugins: 20,
};

/** Pages walked at most (at limit 1 a real account's view may hold thousands). */
const WALK_CAP = 12;

export interface WalkedView {
  walk: PageWalk;
  /** The live resources of the run found, as judgeView returns them. */
  found: Map<number, Sighting>;
  /** Whether the walk was read whole with a total that did not move (then it was judged in full). */
  judged: boolean;
}

export async function walkView(
  client: ApiClient,
  route: ViewRoute,
  query: Record<string, QueryValue>,
  world: World,
  ours: ReadonlySet<string>,
  projection: Projection,
  judged: Judged,
): Promise<WalkedView> {
  const { items, total, key } = ROUTES[route];
  const limit = world.viewLimit;
  const pageSize = limit ?? DEFAULT_PAGE_SIZE[route];
  const what = `${judged.what} (${limit === undefined ? 'default page size' : `limit ${limit}`}, every page)`;
  const present = [...projection.live]
    .filter(([, expected]) => expected === 'present')
    .map(([n]) => judged.ids.live(n));
  const { walk, judged: whole } = await judgeWalks(
    () =>
      walkPages(client, route, {
        query,
        key,
        limit,
        cap: WALK_CAP,
        onPage: (exchange, page) => {
          expectSchema(world.spec, withOwnItems(exchange, route, ours));
          // The plugin routes' documented empty result ({status, message, tags}, no plugin key) has
          // no totals to do arithmetic on (its shape is the schema's to judge).
          const body = bodyOf(exchange);
          if (route.endsWith('Plugins') && !(items in body)) return;
          expectPageArithmetic(exchange, { items, total, limit: pageSize, page });
        },
      }),
    present,
    {
      isolated: false,
      cover: (value) => judged.cover(`${what}: ${value}`),
      atMostOnce: [...ours].filter((id) => !present.includes(id)),
    },
  );
  const seen = new Map<string, Sighting[]>();
  for (const page of walk.pages)
    for (const item of objectsIn(bodyOf(page.exchange), items)) {
      const id = item[key];
      if (typeof id === 'string') seen.set(id, [...(seen.get(id) ?? []), { item, exchange: page.exchange }]);
    }
  const read: ViewRead = { route, seen, whole, last: walk.pages[walk.pages.length - 1]!.exchange };
  const found = judgeView(read, projection, { ...judged, what });
  return { walk, found, judged: whole };
}

/**
 * A view judged against `projection`, walked page by page at the checkpoint's page size when
 * `walked` (as walkView), else read whole: the live resources of the run found.
 */
export async function readOrWalk(
  walked: boolean,
  ...view: Parameters<typeof walkView>
): Promise<Map<number, Sighting>> {
  if (walked) return (await walkView(...view)).found;
  const [client, route, query, world, ours, projection, judged] = view;
  return judgeView(await readView(client, route, query, world, ours), projection, judged);
}
