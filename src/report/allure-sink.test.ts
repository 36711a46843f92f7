import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestResult } from 'allure-js-commons';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Vitest } from 'vitest/node';
import { makeRedactor, REDACTED_KEY } from '../redact/secrets.ts';
import { RedactingAllureReporter, RedactingAllureWriter } from './allure-sink.ts';

const KEY = 'svc_ai_allure_sink_test_0042';

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-allure-sink-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('RedactingAllureWriter', () => {
  it('writes results, containers and attachments with every secret hidden, each in its format', async () => {
    const dir = tempDir();
    const writer = new RedactingAllureWriter(join(dir, 'allure-results'), makeRedactor([KEY]));
    writer.writeResult({
      uuid: 'r1',
      name: `leaks ${KEY}`,
      statusDetails: { message: `got ${KEY}` },
    } as unknown as TestResult);
    writer.writeGroup({ uuid: 'g1', name: KEY, children: [], befores: [], afters: [] });
    writer.writeAttachment('a-attachment.txt', Buffer.from(`log ${KEY}\n`));
    writer.writeAttachment('b-attachment.json', Buffer.from(JSON.stringify({ sent: KEY }, null, 2)));
    const bytes = Buffer.from([0, 1, 2, ...Buffer.from(KEY)]);
    writer.writeAttachment('c-attachment.bin', bytes);
    const source = join(dir, 'exchange.txt');
    writeFileSync(source, `curl -H "Authorization: Bearer ${KEY}"`);
    writer.writeAttachmentFromPath('d-attachment.txt', source);
    writer.writeEnvironmentInfo({ key: KEY });
    expect(await writer.flush()).toBeUndefined();

    const read = (name: string) => readFileSync(join(dir, 'allure-results', name), 'utf8');
    expect(JSON.parse(read('r1-result.json'))).toEqual({
      uuid: 'r1',
      name: `leaks ${REDACTED_KEY}`,
      statusDetails: { message: `got ${REDACTED_KEY}` },
    });
    expect((JSON.parse(read('g1-container.json')) as { name: string }).name).toBe(REDACTED_KEY);
    expect(read('a-attachment.txt')).toBe(`log ${REDACTED_KEY}\n`);
    expect(JSON.parse(read('b-attachment.json'))).toEqual({ sent: REDACTED_KEY });
    expect(readFileSync(join(dir, 'allure-results', 'c-attachment.bin'))).toEqual(bytes);
    expect(read('d-attachment.txt')).toBe(`curl -H "Authorization: Bearer ${REDACTED_KEY}"`);
    expect(read('environment.properties')).toBe(`key=${REDACTED_KEY}`);
    // Straight to its file: no temporary file is left beside the results.
    expect(readdirSync(join(dir, 'allure-results')).sort()).toEqual([
      'a-attachment.txt',
      'b-attachment.json',
      'c-attachment.bin',
      'd-attachment.txt',
      'environment.properties',
      'g1-container.json',
      'r1-result.json',
    ]);
  });
});

describe('RedactingAllureWriter.flush', () => {
  it('says which write failed, once every other one is done', async () => {
    const dir = join(tempDir(), 'allure-results');
    const writer = new RedactingAllureWriter(dir, makeRedactor([KEY]));
    rmSync(dir, { recursive: true });
    writer.writeAttachment('a-attachment.txt', Buffer.from('lost'));
    expect(await writer.flush()).toMatch(/^allure-results: ENOENT: .*a-attachment\.txt/);
  });
});

describe('RedactingAllureReporter', () => {
  it("puts its redacting writer in place of allure-vitest's own", () => {
    const reporter = new RedactingAllureReporter(join(tempDir(), 'allure-results'), makeRedactor([KEY]));
    reporter.onInit({ projects: [] } as unknown as Vitest);
    const runtime = (reporter as unknown as { allureReporterRuntime?: { writer?: unknown } })
      .allureReporterRuntime;
    expect(runtime?.writer).toBeInstanceOf(RedactingAllureWriter);
  });

  it("runs the setup file that keeps vitest's assertions out of the steps before allure-vitest's own", () => {
    const reporter = new RedactingAllureReporter(join(tempDir(), 'allure-results'), makeRedactor([KEY]));
    const config = { setupFiles: ['own-setup.ts'], browser: { enabled: false }, runner: undefined };
    reporter.onInit({ projects: [{ config, provide: () => undefined }] } as unknown as Vitest);
    expect(config.setupFiles).toHaveLength(3);
    expect(config.setupFiles[0]).toMatch(/[/\\]src[/\\]report[/\\]allure-no-matchers\.ts$/);
    expect(existsSync(config.setupFiles[0] ?? '')).toBe(true);
    expect(config.setupFiles[1]).toMatch(/allure-vitest[/\\]dist[/\\]setup\.js$/);
    expect(config.setupFiles[2]).toBe('own-setup.ts');
    // Set up again (a second onInit): still listed once.
    reporter.onInit({ projects: [{ config, provide: () => undefined }] } as unknown as Vitest);
    expect(config.setupFiles.filter((file) => file.endsWith('allure-no-matchers.ts'))).toHaveLength(1);
  });
});
