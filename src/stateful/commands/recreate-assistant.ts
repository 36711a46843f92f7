import { expect } from 'vitest';
import { expectStatus } from '../../expect/status.ts';
import { getAssistant, readAssistant } from '../../resources/assistants.ts';
import type { AccountModel } from '../model.ts';
import { expectAssistantRead, type World } from '../world.ts';
import { modelPersonaBody } from './create-assistant.ts';
import { CreateAgainStep } from './created-again.ts';

/** The successor's platforms (android, as every assistant of the model, and web). */
const OS = ['android', 'web'];

/**
 * POST createPersona with the customPersonaId of an assistant the sequence deleted. Whether a
 * deleted id can be taken again is not stated (it is unique platform-wide, the delete permanent):
 * the answer is recorded. Where it is a 200 the new assistant is a new one under the old id (get
 * shows its name and no base or plugin of the old one; every later view judges it as any other);
 * where it is refused, the old one stays gone (get 400).
 */
export class RecreateAssistant extends CreateAgainStep('assistants') {
  protected async act(model: AccountModel, world: World): Promise<void> {
    const d = this.chosen(model);
    world.nameStep(this.describe(`assistant#${d}`));
    const id = world.deletedAssistants.get(d);
    if (id === undefined) throw new Error(`model: deleted assistant #${d} has no id`);
    const body: Record<string, unknown> = {
      ...(await modelPersonaBody(world, this.isPublic, OS, false)),
      customPersonaId: id,
    };
    body.name = `Conformance successor ${world.account.unique('again')} ${world.searchTerm}`;
    const created = await this.createAgain(world, body);
    if (created === undefined) {
      expectStatus(await getAssistant(world.client, id), 400);
      return;
    }
    world.deletedAssistants.delete(d);
    const n = model.recreateAssistant(d, String(body.name), this.isPublic, {
      title: String(body.title),
      os: [...OS],
      mainAgent: false,
    });
    world.assistants.set(n, { id, forget: created.forget });
    await expectAssistantRead(model, world, n);
    expect((await readAssistant(world.client, id)).customPersonaId, `customPersonaId of assistant#${n}`).toBe(
      id,
    );
  }

  toString(): string {
    return this.describe('a deleted assistant');
  }

  private describe(assistant: string): string {
    return `create ${assistant} again under its customPersonaId${this.isPublic ? ' (public)' : ''}`;
  }
}
