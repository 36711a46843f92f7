/** See cli-bundle.js: the CLI's bundle for the project at `root`, built when its sources changed. */
export function cliBundle(root?: string, staleMs?: number): Promise<string>;
