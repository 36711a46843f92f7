/**
 * Everything a check file creates on the implementation, with how to delete it. Cleanups run in
 * reverse order of creation (an attachment before its base, a base before nothing), once each, and
 * a failing cleanup never hides the others.
 */
export interface TrackedResource {
  /** `persona cf…-a1b2c3-x`, for the report of what could not be removed. */
  description: string;
  cleanup: () => Promise<void>;
}

export class ResourceTracker {
  private readonly resources: TrackedResource[] = [];

  /** Registers a resource right after it was created; returns a function that forgets it (already deleted by the check). */
  register(description: string, cleanup: () => Promise<void>): () => void {
    const resource = { description, cleanup };
    this.resources.push(resource);
    return () => {
      const index = this.resources.indexOf(resource);
      if (index !== -1) this.resources.splice(index, 1);
    };
  }

  get size(): number {
    return this.resources.length;
  }

  /** Runs every cleanup, newest first; returns what could not be removed, with the reason. */
  async cleanupAll(): Promise<string[]> {
    const problems: string[] = [];
    while (this.resources.length > 0) {
      const resource = this.resources.pop()!;
      try {
        await resource.cleanup();
      } catch (error) {
        problems.push(`${resource.description}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    return problems;
  }
}
