import { createAssistant } from '../../resources/assistants.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';

/** Assistants a sequence creates at most. */
const MAX_ASSISTANTS = 3;

/**
 * The query under which the list command walks the run's assistants: each is a private,
 * android-only agentic tool, so few other assistants of the account share the filter.
 */
export const LISTED_AS = { isPublic: 'private', isMainAgent: 'false', os: 'android' } as const;

/**
 * POST createPersona: 200, and the model has one more assistant (its attachments none yet). Its
 * name carries the sequence's search term, as a word of its own.
 */
export class CreateAssistant extends Step {
  constructor(private readonly isPublic: boolean) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.assistant < MAX_ASSISTANTS;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const body = await world.account.personaBody('sa', {
      // The list shows a title; what it shows for an assistant created without one is not stated.
      title: 'Conformance model assistant',
      isPublic: this.isPublic,
      os: ['android'],
      Is_main_agent: false,
      is_agentic_tool: true,
    });
    body.name = `${String(body.name)} ${world.searchTerm}`;
    // The create's own checks: 200 (a SetupError otherwise, the check's verdict on its operation).
    const { customPersonaId, forget } = await createAssistant(world.client, world.tracker, body);
    const n = model.createAssistant(String(body.name), this.isPublic);
    world.assistants.set(n, { id: customPersonaId, forget });
  }

  toString(): string {
    return `create assistant${this.isPublic ? ' (public)' : ''}`;
  }
}
