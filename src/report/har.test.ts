import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logExchange } from '../harness/exchange-log.ts';
import type { Exchange } from '../http/exchange.ts';
import { makeRedactor } from '../redact/secrets.ts';
import { writeHar } from './har.ts';

const dir = mkdtempSync(join(tmpdir(), 'har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'svc_ai_har_test_secret_0042';

function exchange(status: number, text: string): Exchange {
  return {
    operationId: 'createKnowledgeBase',
    label: 'createKnowledgeBase — POST /kb',
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/api/v1/kb?x=1',
      headers: { authorization: 'Bearer svc_ai_…redacted', 'content-type': 'application/json' },
      jsonBody: '{"name":"cf-base"}',
    },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      text,
      json: JSON.parse(text) as unknown,
    },
    error: undefined,
    durationMs: 12,
  };
}

describe('exchanges.har', () => {
  it('joins the workers logs into HAR 1.2, a page per check, bodies capped, every secret redacted, logs removed', () => {
    const logs = join(dir, 'logs');
    logExchange(logs, 'kb.base.create.answer', exchange(201, '{"status":"ok","kbId":"k1"}'));
    logExchange(
      logs,
      'kb.base.create.answer',
      exchange(400, JSON.stringify({ echoed: SECRET, big: 'x'.repeat(40_000) })),
    );
    logExchange(logs, 'kb.base.list', exchange(200, '{"kbs":[]}'));
    const file = join(dir, 'exchanges.har');
    expect(writeHar(logs, file, makeRedactor([SECRET]), { version: '0.1.0', commit: 'a'.repeat(40) })).toBe(
      3,
    );
    expect(existsSync(logs)).toBe(false);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const har = JSON.parse(text) as {
      log: {
        version: string;
        creator: { version: string };
        pages: { id: string; startedDateTime: string }[];
        entries: {
          pageref: string;
          startedDateTime: string;
          request: { method: string; queryString: unknown[]; postData?: { text: string } };
          response: { status: number; content: { text: string } };
        }[];
      };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.version).toBe('0.1.0+aaaaaaaaaaaa');
    expect(har.log.pages.map((p) => p.id)).toEqual(['kb.base.create.answer', 'kb.base.list']);
    expect(har.log.entries.map((e) => [e.pageref, e.response.status])).toEqual([
      ['kb.base.create.answer', 201],
      ['kb.base.create.answer', 400],
      ['kb.base.list', 200],
    ]);
    // A page starts with its check's first exchange.
    expect(har.log.pages[0]?.startedDateTime).toBe(har.log.entries[0]?.startedDateTime);
    expect(har.log.entries[0]?.request.queryString).toEqual([{ name: 'x', value: '1' }]);
    expect(har.log.entries[0]?.request.postData?.text).toBe('{"name":"cf-base"}');
    expect(har.log.entries[1]?.response.content.text.length).toBeLessThan(17_000);
    expect(har.log.entries[1]?.response.content.text).toMatch(/cut at 16384 characters/);
  });
});

describe('exchanges.har from large logs', () => {
  it('holds every entry of logs longer than its reading chunk, across logs, in the order the exchanges ended', () => {
    const logs = join(dir, 'large-logs');
    mkdirSync(logs);
    // Two processes' logs (a self-test's lanes, a run's children), their lines interleaved in time,
    // the second's lines long enough that the logs span several reading chunks, one line longer than a chunk.
    const line = (endedAt: number, check: string, status: number, body: string) =>
      `${endedAt}\t${endedAt - 5}\t${JSON.stringify(check)}\t${JSON.stringify({ pageref: check, response: { status, body } })}\n`;
    const first: string[] = [];
    const second: string[] = [];
    for (let i = 0; i < 400; i += 1) {
      first.push(line(1_000 + 2 * i, `check.${i % 7}`, 200 + (i % 3), `é${i}`));
      second.push(
        line(1_001 + 2 * i, `check.${(i % 5) + 7}`, 400 + (i % 2), `${SECRET} ${'ü'.repeat(6_000 + i)}`),
      );
    }
    second.push(line(5_000, 'check.long', 500, 'x'.repeat(2_500_000)));
    writeFileSync(join(logs, '1.jsonl'), first.join(''));
    writeFileSync(join(logs, '2.jsonl'), second.join(''));
    const file = join(dir, 'large.har');
    expect(writeHar(logs, file, makeRedactor([SECRET]), { version: '0.1.0' })).toBe(801);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const har = JSON.parse(text) as {
      log: {
        pages: { id: string }[];
        entries: { pageref: string; response: { status: number; body: string } }[];
      };
    };
    const expected = [...first, ...second]
      .map((l) => l.split('\t'))
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map((fields) => JSON.parse(fields[3] ?? '{}') as { pageref: string; response: { status: number } });
    expect(har.log.entries.map((e) => [e.pageref, e.response.status])).toEqual(
      expected.map((e) => [e.pageref, e.response.status]),
    );
    expect(har.log.entries[1]?.response.body).toMatch(/^svc_ai_…redacted ü{6000}$/u);
    expect(har.log.entries.at(-1)?.response.body.length).toBe(2_500_000);
    expect(har.log.pages.map((p) => p.id)).toEqual([...new Set(expected.map((e) => e.pageref))]);
  });
});
