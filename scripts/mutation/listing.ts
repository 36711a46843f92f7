import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { faultOnlySpans, isMutable } from './fault-code.ts';
import { spanIncludes, type ListedMutant } from './sample.ts';

/*
 * Every mutant Stryker would make of the reference, listed with Stryker's own instrumenter (the
 * same version and default mutators `stryker run` uses), so a sample can name them exactly.
 */

type Logger = ConstructorParameters<typeof Instrumenter>[0];

const quiet = (): boolean => false;
const ignore = (): void => undefined;
const QUIET_LOGGER: Logger = {
  isTraceEnabled: quiet,
  isDebugEnabled: quiet,
  isInfoEnabled: quiet,
  isWarnEnabled: quiet,
  isErrorEnabled: quiet,
  isFatalEnabled: quiet,
  trace: ignore,
  debug: ignore,
  info: ignore,
  warn: ignore,
  error: ignore,
  fatal: ignore,
};

export interface Listing {
  /** The source of every listed file, by project-relative name. */
  sources: Map<string, string>;
  /** Every mutant of the listed files. */
  all: ListedMutant[];
  /** Those outside code that runs only with a planted fault on: the population sampled. */
  eligible: ListedMutant[];
}

/** The reference's files that are mutated (project-relative, forward slashes, sorted). */
function referenceFiles(root: string): string[] {
  return readdirSync(path.join(root, 'src/reference'), { recursive: true, encoding: 'utf8' })
    .map((name) => `src/reference/${name.split(path.sep).join('/')}`)
    .filter(isMutable)
    .sort();
}

export async function listMutants(root: string): Promise<Listing> {
  const sources = new Map(
    referenceFiles(root).map((name) => [name, readFileSync(path.join(root, name), 'utf8')]),
  );
  const files = [...sources].map(([name, content]) => ({
    name: path.join(root, name),
    content,
    mutate: true,
  }));
  const { mutants } = await new Instrumenter(QUIET_LOGGER).instrument(files, {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
  });
  const all: ListedMutant[] = mutants.map((m) => ({
    fileName: path.relative(root, m.fileName).split(path.sep).join('/'),
    mutatorName: m.mutatorName,
    replacement: m.replacement,
    location: m.location,
  }));
  const faultCode = new Map([...sources].map(([name, source]) => [name, faultOnlySpans(name, source)]));
  const eligible = all.filter(
    (m) => !(faultCode.get(m.fileName) ?? []).some((span) => spanIncludes(span, m.location)),
  );
  return { sources, all, eligible };
}
