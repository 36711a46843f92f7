import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { clearOwnedReports, hasOwnedReports, writeWhole } from './owned-files.ts';

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-owned-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('the report files a run owns', () => {
  it('are written whole or not at all: a write that breaks off leaves the earlier file as it was', () => {
    const dir = tempDir();
    const file = join(dir, 'junit.xml');
    writeWhole(file, '<testsuites tests="3"/>\n');
    expect(readFileSync(file, 'utf8')).toBe('<testsuites tests="3"/>\n');
    // The partial file cannot be written (a directory stands in its way): nothing reaches the report.
    mkdirSync(`${file}.partial`);
    expect(() => writeWhole(file, '<testsuites tests="0"')).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('<testsuites tests="3"/>\n');
  });

  it('are cleared with any partial file a killed run left, and nothing else of the directory', () => {
    const dir = tempDir();
    expect(hasOwnedReports(dir)).toBe(false);
    writeFileSync(join(dir, 'summary.json'), '{}');
    writeFileSync(join(dir, 'junit.xml.partial'), '<testsuites');
    writeFileSync(join(dir, 'phases.json'), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(hasOwnedReports(dir)).toBe(true);
    clearOwnedReports(dir);
    expect(hasOwnedReports(dir)).toBe(false);
    expect(existsSync(join(dir, 'junit.xml.partial'))).toBe(false);
    // The bench's phases.json of an earlier run does not sit beside this run's reports.
    expect(existsSync(join(dir, 'phases.json'))).toBe(false);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
