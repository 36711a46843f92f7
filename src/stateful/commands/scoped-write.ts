import { expect } from 'vitest';
import { expectStatus } from '../../expect/status.ts';
import type { ApiClient } from '../../http/client.ts';
import type { Exchange } from '../../http/exchange.ts';
import { bodyOf } from '../../http/json.ts';
import { picked, type AccountModel } from '../model.ts';
import { Step } from '../step.ts';
import {
  expectAssistantRead,
  expectBaseInStep,
  expectAttachmentsOfAssistant,
  type ViewerRole,
  type World,
} from '../world.ts';

/** The writes tried with a view-level key, each with the full-key read showing nothing changed. */
export type ScopedWrite = 'rename assistant' | 'ingest text' | 'delete base' | 'attach base';

const ROLE: Record<ScopedWrite, ViewerRole> = {
  'rename assistant': 'assistants:view',
  'ingest text': 'knowledgeBase:view',
  'delete base': 'knowledgeBase:view',
  'attach base': 'knowledgeBase:view',
};

/**
 * A write sent with a key holding only view on its module: 403 with code `scope_denied` (the key
 * holds a lower level than the operation needs), after which a read with the full key shows the
 * model's state, unchanged.
 */
export class ScopedWriteRefused extends Step {
  constructor(
    private readonly write: ScopedWrite,
    /** Pick one of the live assistants and bases. */
    private readonly pickAssistant: number,
    private readonly pickBase: number,
    /** Whether the keyring has the view key this write is sent with. */
    private readonly available: ReadonlySet<ViewerRole>,
  ) {
    super();
  }

  check(model: Readonly<AccountModel>): boolean {
    if (!this.available.has(ROLE[this.write])) return false;
    const assistant = model.assistants.size > 0;
    const base = model.bases.size > 0;
    if (this.write === 'rename assistant') return assistant;
    if (this.write === 'attach base') return assistant && base;
    return base;
  }

  private send(world: World, viewer: ApiClient, a: number, b: number): Promise<Exchange> {
    switch (this.write) {
      case 'rename assistant':
        return viewer.call('updatePersona', {
          body: { personaId: world.assistantId(a), name: 'renamed without the scope' },
        });
      case 'ingest text':
        return viewer.call('ingestText', {
          path: { kbId: world.kbId(b) },
          body: { title: 'Not allowed', text: 'Written without the scope.', mode: 'vector' },
        });
      case 'delete base':
        return viewer.call('deleteKnowledgeBase', { path: { kbId: world.kbId(b) } });
      case 'attach base':
        return viewer.call('attachKnowledgeBase', {
          path: { kbId: world.kbId(b), personaId: world.assistantId(a) },
          body: {},
        });
    }
  }

  protected async act(model: AccountModel, world: World): Promise<void> {
    const role = ROLE[this.write];
    const viewer = world.viewers[role];
    if (!viewer) throw new Error(`model: no ${role} key`);
    const a = picked(model.live('assistants'), this.pickAssistant) ?? -1;
    const b = picked(model.live('bases'), this.pickBase) ?? -1;
    world.nameStep(this.describe(`assistant#${a}`, `base#${b}`));
    const exchange = await this.send(world, viewer, a, b);
    expectStatus(exchange, 403);
    expect(bodyOf(exchange).code, `code of the refusal of a ${role} key`).toBe('scope_denied');
    switch (this.write) {
      case 'rename assistant':
        return expectAssistantRead(model, world, a);
      case 'ingest text':
      case 'delete base':
        return expectBaseInStep(model, world, b, 'any', true);
      case 'attach base':
        return expectAttachmentsOfAssistant(model, world, a);
    }
  }

  toString(): string {
    return this.describe('an assistant', 'a base');
  }

  private describe(assistant: string, base: string): string {
    const target =
      this.write === 'rename assistant'
        ? assistant
        : this.write === 'attach base'
          ? `${base} to ${assistant}`
          : base;
    return `${this.write} ${target} with a ${ROLE[this.write]} key (refused), then read it with the full key`;
  }
}
