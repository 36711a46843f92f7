import { openPoints } from '../open-points.ts';
import { newToken } from '../http/ids.ts';

export const SHARE_TOKEN_PREFIX = 'con_sh_';

/** Share-link tokens: each reaches one assistant; they are not API keys and never authenticate. */
export class ShareLinks {
  private readonly byToken = new Map<string, string>();

  mint(customPersonaId: string, prefix: string = SHARE_TOKEN_PREFIX): string {
    // The alternative personality keeps one link per assistant and hands it out again.
    if (openPoints().shareTokens === 'one-per-assistant')
      for (const [token, persona] of this.byToken)
        if (persona === customPersonaId && token.startsWith(prefix)) return token;
    const token = newToken(prefix);
    this.byToken.set(token, customPersonaId);
    return token;
  }

  personaOf(token: string): string | undefined {
    return this.byToken.get(token);
  }

  /** Deleting an assistant removes its share links. */
  removeFor(customPersonaId: string): void {
    for (const [token, persona] of this.byToken) if (persona === customPersonaId) this.byToken.delete(token);
  }

  countFor(customPersonaId: string): number {
    return [...this.byToken.values()].filter((p) => p === customPersonaId).length;
  }
}
