import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shards' other report files as one run's: JUnit suites side by side under one
 * `<testsuites>` with its counts added up, every Allure result file (their names are unique),
 * and one HAR with every page and entry.
 */

const SUITES_OPEN = /<testsuites\b([^>]*)>/;

function attribute(attributes: string, name: string): number {
  return Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(attributes)?.[1] ?? 0);
}

export function mergeJunit(files: readonly string[], out: string): void {
  const present = files.filter((file) => existsSync(file));
  if (present.length === 0) return;
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let time = 0;
  const suites: string[] = [];
  for (const file of present) {
    const xml = readFileSync(file, 'utf8');
    const open = SUITES_OPEN.exec(xml);
    const close = xml.lastIndexOf('</testsuites>');
    if (open === null || close === -1) continue;
    tests += attribute(open[1] ?? '', 'tests');
    failures += attribute(open[1] ?? '', 'failures');
    errors += attribute(open[1] ?? '', 'errors');
    time = Math.max(time, attribute(open[1] ?? '', 'time'));
    suites.push(xml.slice(open.index + open[0].length, close).trim());
  }
  writeFileSync(
    out,
    `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="vitest tests" tests="${tests}" failures="${failures}" errors="${errors}" time="${time}">\n    ${suites.join('\n    ')}\n</testsuites>\n`,
  );
}

export function mergeAllure(dirs: readonly string[], out: string): void {
  mkdirSync(out, { recursive: true });
  for (const dir of dirs.filter((d) => existsSync(d)))
    for (const name of readdirSync(dir)) copyFileSync(join(dir, name), join(out, name));
}

interface Har {
  log: { version: string; creator: unknown; pages: unknown[]; entries: unknown[] };
}

export function mergeHar(files: readonly string[], out: string): void {
  const logs = files
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Har);
  const [first] = logs;
  if (first === undefined) return;
  const har: Har = {
    log: {
      version: first.log.version,
      creator: first.log.creator,
      pages: logs.flatMap((log) => log.log.pages),
      entries: logs.flatMap((log) => log.log.entries),
    },
  };
  writeFileSync(out, JSON.stringify(har, null, 1));
}
