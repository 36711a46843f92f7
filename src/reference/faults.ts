/**
 * Planted faults for the suite's self-test: each id switches on one small deviation from the
 * document in one module. None are implemented yet; modules consult `faults.has(id)`.
 */
export class Faults {
  private readonly ids: ReadonlySet<string>;

  constructor(ids: Iterable<string> = []) {
    this.ids = new Set(ids);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  list(): string[] {
    return [...this.ids].sort();
  }
}
