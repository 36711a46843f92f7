import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { FixtureFile } from '../generate/fixture-sentences.ts';
import type { ProvidedTarget } from '../context/provided.ts';
import type { FilePart } from '../http/client.ts';
import { FETCH_COUNT, HELD, type HeldState } from '../target/fixture-pages.ts';
import { projectPath } from '../project-root.ts';

/**
 * What the knowledge-base checks need from outside the API: the committed upload fixtures, and the
 * suite's fixture web server (its pages as the implementation reaches them, its fetch counts and
 * held fetches as the checks reach them).
 */

const FIXTURES_DIR = projectPath('fixtures');

/** A committed fixture file as a multipart file part, named as on disk. */
export function fixtureFilePart(file: FixtureFile): FilePart {
  return {
    filename: file.name,
    contentType: file.contentType,
    content: new Uint8Array(readFileSync(join(FIXTURES_DIR, file.name))),
  };
}

/** The address of a fixture page as the implementation under test reaches it. */
export function pageUrl(target: ProvidedTarget, path: string): string {
  return `${target.fixtureBaseUrl}${path}`;
}

async function fixtureJson<T>(target: ProvidedTarget, path: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${target.fixtureLocalUrl}${path}`, {
    method,
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`fixture server: ${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** How many fetches of a token's pages the fixture server has answered. */
export async function fetchCount(target: ProvidedTarget, token: string): Promise<number> {
  return (await fixtureJson<{ fetches: number }>(target, FETCH_COUNT.pathFor(token))).fetches;
}

export function heldState(target: ProvidedTarget, token: string): Promise<HeldState> {
  return fixtureJson<HeldState>(target, HELD.statePathFor(token));
}

/** From now on, fetches of the token's held page wait until released. */
export function holdFetches(target: ProvidedTarget, token: string): Promise<HeldState> {
  return fixtureJson<HeldState>(target, HELD.holdPathFor(token), 'POST');
}

export function releaseFetches(target: ProvidedTarget, token: string): Promise<HeldState> {
  return fixtureJson<HeldState>(target, HELD.releasePathFor(token), 'POST');
}
