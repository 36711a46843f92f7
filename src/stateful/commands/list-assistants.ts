import { expect } from 'vitest';
import { expectPageArithmetic } from '../../checks/list-page.ts';
import { judgeWalk } from '../../checks/page-walk.ts';
import { expectSchema } from '../../checks/schema.ts';
import { bodyOf, objectsIn } from '../../http/json.ts';
import { walkPages } from '../../resources/pages.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';
import { LISTED_AS } from './create-assistant.ts';

/** Pages read at most: on a real account the filter may match many assistants of other runs. */
const CAP = 30;

/**
 * The list of assistants walked page by page with a drawn `limit` (under the filter the run's
 * assistants share): each live assistant of the run is on exactly one page, with the model's name
 * and isPublic; no assistant the run deleted is on any. The account's other assistants are not
 * judged, and a list that moved while it was read (another client at work) is not judged either.
 */
export class ListAssistants extends Step {
  constructor(private readonly limit: number) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.assistant > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const walk = await walkPages(world.client, 'listPersonas', {
      query: LISTED_AS,
      key: 'customPersonaId',
      limit: this.limit,
      cap: CAP,
      onPage: (exchange, page) => {
        expectSchema(world.spec, exchange);
        expectPageArithmetic(exchange, {
          items: 'allPersonas',
          total: 'totalPersonas',
          limit: this.limit,
          page,
        });
      },
    });
    const live = [...model.assistants.keys()].map((a) => [a, world.assistantId(a)] as const);
    let judged = true;
    judgeWalk(
      walk,
      live.map(([, id]) => id),
      { isolated: false, observe: () => (judged = false) },
    );
    if (!judged) return;
    const items = walk.pages.flatMap((page) => objectsIn(bodyOf(page.exchange), 'allPersonas'));
    for (const [a, id] of live) {
      const item = items.find((i) => i.customPersonaId === id);
      const expected = model.assistant(a);
      world.last = walk.pages.find((page) => page.identities.includes(id))?.exchange ?? world.last;
      expect(
        { name: item?.name, isPublic: item?.isPublic },
        `assistant #${a} in the list (limit ${this.limit})`,
      ).toEqual({ name: expected.name, isPublic: expected.isPublic });
    }
    const listed = new Set(walk.pages.flatMap((page) => page.identities));
    for (const id of world.deletedAssistants)
      expect(listed.has(id), `deleted assistant ${id} in the list (limit ${this.limit})`).toBe(false);
  }

  toString(): string {
    return `list assistants (limit ${this.limit}, every page)`;
  }
}
