import { ASSISTANT } from '../../resources/kinds/assistant.ts';
import type { AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import type { World } from '../world.ts';

/** Assistants a sequence creates at most. */
const MAX_ASSISTANTS = 3;

/**
 * The query under which the list command walks the run's assistants: each is a private,
 * android-targeting agentic tool, so few other assistants of the account share the filter.
 */
export const LISTED_AS = { isPublic: 'private', isMainAgent: 'false', os: 'android' } as const;

/** The platforms an assistant of the model targets: always android (the quiet views' filter). */
export const ASSISTANT_PLATFORMS = [['android'], ['android', 'web'], ['nt', 'android']] as const;

/**
 * The create body of an assistant of the sequence: its name carries the sequence's search term and
 * its title the sequence's title term, each as a word of its own (and neither the other's).
 */
export async function modelPersonaBody(
  world: World,
  isPublic: boolean,
  os: readonly string[],
  mainAgent: boolean,
): Promise<Record<string, unknown>> {
  const body = await world.account.personaBody('sa', {
    title: `Model role ${world.titleTerm}`,
    isPublic,
    os: [...os],
    Is_main_agent: mainAgent,
    is_agentic_tool: !mainAgent,
  });
  body.name = `${String(body.name)} ${world.searchTerm}`;
  return body;
}

/**
 * POST createPersona: 200, and the model has one more assistant (its attachments none yet): an
 * agentic tool or a main agent, on android and perhaps another platform.
 */
export class CreateAssistant extends Step {
  constructor(
    private readonly isPublic: boolean,
    private readonly os: readonly string[] = ['android'],
    private readonly mainAgent = false,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    return model.created.assistant < MAX_ASSISTANTS;
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const body = await modelPersonaBody(world, this.isPublic, this.os, this.mainAgent);
    // The create's own checks: 200 (a SetupError otherwise, the check's verdict on its operation).
    const { id, forget } = await world.create(ASSISTANT, body);
    const n = model.createAssistant(String(body.name), this.isPublic, {
      title: String(body.title),
      os: [...this.os],
      mainAgent: this.mainAgent,
    });
    world.assistants.set(n, { id, forget });
  }

  toString(): string {
    const traits = [
      ...(this.isPublic ? ['public'] : []),
      ...(this.mainAgent ? ['main agent'] : []),
      `os ${this.os.join(',')}`,
    ];
    return `create assistant (${traits.join(', ')})`;
  }
}
