import { expect } from 'vitest';
import { bodyOf, objectsIn } from '../../http/json.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';
import { walkRunAssistants } from './list-assistants.ts';

/** The filters the run's assistants share: android-only (search's os defaults to nt). */
const SEARCHED_AS = { os: 'android' } as const;

/**
 * Search for the sequence's own word, walked page by page with a drawn `limit`: every live
 * assistant of the run whose name carries the word is on exactly one page, with the model's name;
 * no assistant the run deleted is on any. What else a search shows (an assistant handed to B, one
 * renamed without the word, or anything a looser match than "a free-text term across name and
 * title" takes in) is not judged, and neither is a walk whose total moved between pages: only the
 * sequence's assistants carry the word, but how loosely a search matches is not stated, so other
 * clients' assistants may be among the results, and a transfer may take effect while it is read.
 * Such a walk, and one stopped at its cap, is recorded.
 */
export class SearchAssistants extends Step {
  constructor(private readonly limit: number) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.assistant > 0;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const found = model.searchable(world.searchTerm);
    world.nameStep(
      `${this.toString()}: ${found.length > 0 ? found.map((a) => `assistant#${a}`).join(', ') : 'none'} to find`,
    );
    const { walk, judged } = await walkRunAssistants(
      world,
      'searchPersonas',
      { search: world.searchTerm, ...SEARCHED_AS },
      this.limit,
      found.map((a) => world.assistantId(a)),
      {
        isolated: false,
        cover: (value) => world.cover('AS-SEARCH-02', `search for the run's word, not judged: ${value}`),
      },
      // `status` is a boolean on the search answer; which value a success carries is not stated.
      (exchange, page) =>
        expect(typeof bodyOf(exchange).status, `type of status on search page ${page}`).toBe('boolean'),
    );
    if (!judged) return;
    const items = walk.pages.flatMap((page) => objectsIn(bodyOf(page.exchange), 'allPersonas'));
    for (const a of found) {
      const id = world.assistantId(a);
      world.last = walk.pages.find((page) => page.identities.includes(id))?.exchange ?? world.last;
      expect(
        items.find((item) => item.customPersonaId === id)?.name,
        `name of assistant #${a} in the search (limit ${this.limit})`,
      ).toBe(model.assistant(a).name);
    }
    const listed = new Set(walk.pages.flatMap((page) => page.identities));
    for (const [a, id] of world.deletedAssistants)
      expect(listed.has(id), `deleted assistant #${a} in the search (limit ${this.limit})`).toBe(false);
  }

  toString(): string {
    return `search assistants for the run's word (limit ${this.limit}, every page)`;
  }
}
