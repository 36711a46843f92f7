/**
 * What one check file makes once and shares between its checks (one resource maker per account, so
 * that names never repeat within the file; one workbench of shared resources). A file-scoped
 * fixture holds it: it starts empty with the file and is dropped when the file ends.
 */
export class FileScope {
  private readonly made = new Map<string, unknown>();

  once<T>(key: string, make: () => T): T {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as T;
  }
}
