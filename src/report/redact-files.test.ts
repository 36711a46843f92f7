import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makeRedactor, REDACTED_KEY } from '../http/redact.ts';
import { redactWrittenFiles } from './redact-files.ts';

const KEY = 'svc_ai_files_test_0042';

describe('redactWrittenFiles', () => {
  it('redacts the files given, each in its own format, and touches nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-redact-files-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const allure = join(dir, 'allure-results');
    mkdirSync(allure);
    const result = join(allure, 'a-result.json');
    const attachment = join(allure, 'b-attachment.txt');
    const binary = join(allure, 'c-attachment.bin');
    const junit = join(dir, 'junit.xml');
    const unrelated = join(dir, 'notes.json');
    writeFileSync(result, JSON.stringify({ status: 'failed', statusDetails: { message: `got ${KEY}` } }));
    writeFileSync(attachment, `log ${KEY}\n`);
    const bytes = Buffer.from([0, 1, 2, ...Buffer.from(KEY)]);
    writeFileSync(binary, bytes);
    writeFileSync(junit, `<testcase name="x"><failure message="${KEY}"/></testcase>`);
    writeFileSync(unrelated, `{ "mine": "${KEY}", not json`);

    redactWrittenFiles([junit, allure, join(dir, 'absent.xml')], makeRedactor([KEY]));

    expect(JSON.parse(readFileSync(result, 'utf8'))).toEqual({
      status: 'failed',
      statusDetails: { message: `got ${REDACTED_KEY}` },
    });
    expect(readFileSync(attachment, 'utf8')).toBe(`log ${REDACTED_KEY}\n`);
    expect(readFileSync(binary)).toEqual(bytes);
    expect(readFileSync(junit, 'utf8')).toBe(
      `<testcase name="x"><failure message="${REDACTED_KEY}"/></testcase>`,
    );
    expect(readFileSync(unrelated, 'utf8')).toBe(`{ "mine": "${KEY}", not json`);
  });
});
