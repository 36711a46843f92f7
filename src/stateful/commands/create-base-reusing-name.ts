import { KNOWLEDGE_BASE } from '../../resources/kinds/knowledge-base.ts';
import { expect } from 'vitest';
import { TOP_K_MAX, type AccountModel } from '../model.ts';
import { StepOnOne } from '../step.ts';
import { expectBasesListed, expectStatsSettled } from '../views/knowledge.ts';
import type { World } from '../world.ts';
import { MAX_BASES_AROUND_THE_LIMIT } from './attach-around-the-limit.ts';

/** The bases the sequence deleted whose name is known. */
function deletedNames(model: Readonly<AccountModel>): Array<[number, string]> {
  return [...model.deletedBases].flatMap(([b, { name }]) =>
    name !== undefined ? [[b, name] as [number, string]] : [],
  );
}

/**
 * POST /kb under the name of a base the sequence deleted, with a description: 201, and a new,
 * empty base. The list of bases holds it once under that name and description and no longer the
 * deleted one; it has no document, its stats count none and no vector, a query made of a deleted
 * document's sentence finds nothing in it (and the next checkpoint finds it attached to no
 * assistant). A service keeping a
 * deleted base's identity, documents or attachments (a soft delete keyed by name) shows here.
 */
export class CreateBaseReusingName extends StepOnOne(deletedNames) {
  override check(model: Readonly<AccountModel>): boolean {
    return super.check(model) && model.created.base < MAX_BASES_AROUND_THE_LIMIT;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const [old, name] = this.chosen(model);
    world.nameStep(`create a base under the name of deleted base#${old}: base#${model.created.base}`);
    const description = `Created again under a deleted base's name (${world.account.unique('text')}).`;
    const { id: kbId, forget } = await world.create(KNOWLEDGE_BASE, { name, description });
    // A kbId derived from the name would be the deleted base's again: then it is the new base's,
    // judged as such (empty), not as the deleted one.
    const sameKbId = world.deletedBases.get(old) === kbId;
    if (sameKbId) world.deletedBases.delete(old);
    world.observe(
      'KB-ATTACH-14',
      "a base created under a deleted base's name",
      sameKbId ? "got the deleted base's kbId" : 'got a kbId of its own',
    );
    const b = model.createBase({ name, description });
    world.bases.set(b, { id: kbId, forget });
    world.vectorCounts.set(b, 0);
    // Once in the list under its name and description, the deleted base not at all, counts zero.
    await expectBasesListed(model, world);
    expect(await world.kb.documents(kbId), `documents of base #${b}, new`).toEqual([]);
    await expectStatsSettled(model, world, b);
    const formerDocuments = [...model.deletedDocuments].filter(([, doc]) => doc.base === old);
    for (const [d, doc] of formerDocuments.slice(0, 2)) {
      const { results } = await world.kb.query(kbId, doc.sentence ?? doc.marker, TOP_K_MAX);
      expect(results, `results in base #${b} for the sentence of doc #${d} of deleted base #${old}`).toEqual(
        [],
      );
    }
    model.reused('base name');
  }

  toString(): string {
    return "create a base under a deleted base's name";
  }
}
