import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from 'linkedom';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderJunit, writeJunit } from './junit.ts';
import { buildSummary, type SummaryCheck } from './summary.ts';

function check(id: string, outcome: SummaryCheck['outcome'], message?: string): SummaryCheck {
  const status =
    outcome === 'skipped' || outcome === 'expected' ? 'skipped' : outcome === 'passed' ? 'passed' : 'failed';
  return {
    id,
    requirements: ['KB-ATTACH-04'],
    status,
    outcome,
    title: `kb > ${id}`,
    file: `suites/kb/${id.split('.')[0] ?? 'x'}.test.ts`,
    durationMs: 250,
    ...(message !== undefined ? { message } : {}),
  };
}

const summaryOf = (checks: SummaryCheck[], extra: Partial<Parameters<typeof buildSummary>[0]> = {}) =>
  buildSummary({
    target: 'http://127.0.0.1:1/api/v1',
    startedAt: new Date('2026-11-27T10:00:00Z'),
    durationMs: 4000,
    checks,
    harnessErrors: [],
    ...extra,
  });

/** linkedom leaves entities in attribute values as written: decoded here, as an XML parser would. */
function decoded(value: string | null | undefined): string | undefined {
  return value
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The little of the DOM these tests read (linkedom's parser is typed loosely). */
interface XmlNode {
  getAttribute(name: string): string | null;
  querySelector(selector: string): XmlNode | null;
  querySelectorAll(selector: string): ArrayLike<XmlNode> & Iterable<XmlNode>;
}

function parse(text: string) {
  const doc = new DOMParser().parseFromString(text, 'text/xml') as unknown as XmlNode;
  const root = doc.querySelector('testsuites');
  if (root === null) throw new Error('no <testsuites>');
  /** The test case whose name starts with `title`, and what its verdict element says. */
  const verdict = (title: string, element: string, attribute: string) =>
    decoded(
      [...doc.querySelectorAll('testcase')]
        .find((node) => decoded(node.getAttribute('name'))?.startsWith(title))
        ?.querySelector(element)
        ?.getAttribute(attribute),
    );
  return { doc, attr: (name: string) => root.getAttribute(name), verdict };
}

describe('junit.xml', () => {
  it('tells the suite verdict: a known deviation is skipped, an unexpected pass and a failure fail', () => {
    const expected: SummaryCheck = {
      ...check('a.known', 'expected', 'expected HTTP 400, got 200'),
      status: 'failed',
      expectation: { entry: 2, reason: 'tracked upstream' },
    };
    const xml = renderJunit(
      summaryOf([
        check('a.pass', 'passed'),
        check('a.fail', 'failed', 'expected HTTP 400, got 200\n  curl …'),
        expected,
        check('b.stale', 'unexpected-pass', 'unexpected pass: delete the entry'),
        check('b.broken', 'errored', 'TypeError: x'),
        check('b.skip', 'skipped', 'the keyring has no "other" key'),
      ]),
    );
    const { doc, attr, verdict } = parse(xml);
    expect([attr('tests'), attr('failures'), attr('errors'), attr('skipped')]).toEqual(['6', '2', '1', '2']);
    expect(doc.querySelectorAll('testsuite')).toHaveLength(2);
    expect(verdict('kb > a.fail', 'failure', 'message')).toBe('expected HTTP 400, got 200');
    expect(verdict('kb > a.known', 'skipped', 'message')).toBe(
      'known deviation (expectations entry 2: tracked upstream)',
    );
    expect(verdict('kb > b.stale', 'failure', 'type')).toBe('unexpected-pass');
    expect(verdict('kb > a.pass', 'failure', 'type')).toBeUndefined();
    expect(xml).toContain('name="kb &gt; a.pass [KB-ATTACH-04]"');
  });

  it('carries an interruption and every harness error as an error, so the run never reads as green', () => {
    const notRun = { ...check('a.later', 'skipped', 'not run: the run was interrupted (SIGINT)') };
    const xml = renderJunit(
      summaryOf([check('a.pass', 'passed'), notRun], {
        stoppedBy: 'SIGINT',
        harnessErrors: ['suites/x.test.ts: cannot load'],
      }),
    );
    const { doc, attr } = parse(xml);
    expect(attr('errors')).toBe('2');
    const errors = [...doc.querySelectorAll('testsuite[name="conformance run"] error')].map((e) =>
      decoded(e.getAttribute('message')),
    );
    expect(errors).toEqual([
      'the run was interrupted by SIGINT: 1 of 2 selected check(s) did not run',
      'suites/x.test.ts: cannot load',
    ]);
  });

  it('escapes what XML cannot hold as is', () => {
    const xml = renderJunit(summaryOf([check('a.odd', 'failed', 'got <b>"&"</b>\u0007 back')]));
    const { doc } = parse(xml);
    expect(decoded(doc.querySelector('failure')?.getAttribute('message'))).toBe('got <b>"&"</b>\uFFFD back');
    expect(xml).not.toContain('\u0007');
  });

  it('is written whole under its name, leaving no partial file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-junit-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeJunit(dir, summaryOf([check('a.pass', 'passed')]));
    expect(readdirSync(dir)).toEqual(['junit.xml']);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8').trimEnd().endsWith('</testsuites>')).toBe(true);
    expect(existsSync(join(dir, 'junit.xml.partial'))).toBe(false);
  });
});
