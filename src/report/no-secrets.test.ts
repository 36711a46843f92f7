import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_KEY, REDACTED_SHARE_TOKEN } from '../redact/secrets.ts';
import { keyringSecrets } from '../target/keyring.ts';
import { runCli } from '../testing/cli-process.ts';
import { watchedReference, type WatchedReference } from '../testing/watched-reference.ts';

/**
 * The audit of every output for secrets: one real run of an area that mints share tokens and uses
 * every key, then every byte the run wrote or printed is searched for a key or a token. The
 * reference is started here, not by `run`, so that the test knows every key of the keyring; a
 * proxy in front of it also collects every key and token that crossed the wire (keys issued and
 * share links minted during the run), which the test could not know in advance.
 */

// The area: its checks mint share links (sharePersona) and call with keys of several roles, and it
// is the fastest such area (auth takes longer; accounts mints no token, it only sees B refused).
const AREA = 'assistants';

// Characters of a key or a token as src/redact/secrets.ts recognises them: a prefix followed by one
// of these is a secret, whereas a prefix followed by `…redacted`, a space, a quote or a backtick
// is the redaction marker or prose about the prefix ("a token beginning con_sh_").
const TOKEN_CHARS = '[A-Za-z0-9._~+/=-]';
const SECRET_ON_WIRE = new RegExp(`(?:svc_ai_|con_sh_)${TOKEN_CHARS}+`, 'g');
const UNREDACTED_KEY = new RegExp(`svc_ai_(?!…redacted)(?:${TOKEN_CHARS}|%)`, 'g');
const UNREDACTED_SHARE_TOKEN = new RegExp(`con_sh_(?!…redacted)(?:${TOKEN_CHARS}|%)`, 'g');

let reference: WatchedReference;
/** Every key and share token seen in a request or an answer during the run. */
const onTheWire = new Set<string>();

function collect(text: string): void {
  for (const match of text.matchAll(SECRET_ON_WIRE)) onTheWire.add(match[0]);
}

beforeAll(async () => {
  reference = await watchedReference('no-secrets', {
    onRequest: (req, body) => {
      collect(decodeURIComponent(req.url ?? ''));
      collect(JSON.stringify(req.headers));
      collect(body);
    },
    onAnswer: (_req, body) => collect(body),
  });
});

afterAll(() => reference.close());

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A secret as an output may spell it: itself, escaped in JSON, escaped in HTML, percent-encoded. */
function spellings(secret: string): string[] {
  const html = secret
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), html, encodeURIComponent(secret)])];
}

/**
 * What of `secret` must not appear: the whole of it, and the start and end of what follows its
 * prefix (a partial redaction, a value cut to fit a column, leaves one of these behind).
 */
function fragments(secret: string): string[] {
  const body = secret.replace(/^(svc_ai_|con_sh_)/, '');
  return [secret, ...(body.length >= 16 ? [body.slice(0, 8), body.slice(-8)] : [])];
}

/** Each place in `text` where a match of `pattern` occurs, with a little context, for the failure message. */
function occurrences(name: string, text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map(
    (match) => `${name}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`,
  );
}

describe('no secret reaches any output', () => {
  it(`a run of ${AREA}: no key of the keyring, no key issued and no share token minted, in any report or line printed`, async () => {
    const reportDir = join(reference.dir, 'reports');
    const { code, output } = await runCli([
      'run',
      '--base-url',
      reference.baseUrl,
      '--keyring',
      reference.keyringFile,
      '--only',
      AREA,
      '--report-dir',
      reportDir,
    ]);
    expect(code, output).toBe(0);

    const outputs = new Map<string, string>([['output', output]]);
    for (const file of filesUnder(reportDir))
      outputs.set(relative(reportDir, file), readFileSync(file, 'utf8'));
    // Every report the run writes is searched, so a report that went missing is no pass.
    for (const name of ['summary.json', 'junit.xml', 'index.html', 'scope-matrix.md', 'exchanges.har'])
      expect([...outputs.keys()]).toContain(name);
    expect([...outputs.keys()].some((name) => name.startsWith('allure-results/'))).toBe(true);

    const keys = keyringSecrets(reference.server.keyring);
    expect(keys.length).toBeGreaterThan(3);
    const minted = [...onTheWire].filter((secret) => secret.startsWith('con_sh_'));
    // The run did mint share tokens and send keys, so their absence below says something.
    expect(minted.length).toBeGreaterThan(0);
    expect([...onTheWire].some((secret) => keys.includes(secret))).toBe(true);
    // And the outputs do show that secrets were there, redacted.
    const everything = [...outputs.values()].join('\n');
    expect(everything).toContain(REDACTED_KEY);
    expect(everything).toContain(REDACTED_SHARE_TOKEN);

    const leaks: string[] = [];
    const needles = [...new Set([...keys, ...onTheWire].flatMap(fragments).flatMap(spellings))];
    for (const [name, text] of outputs) {
      for (const needle of needles) {
        let at = text.indexOf(needle);
        while (at !== -1) {
          leaks.push(`${name}: …${text.slice(Math.max(0, at - 40), at + needle.length + 20)}…`);
          at = text.indexOf(needle, at + 1);
        }
      }
      leaks.push(
        ...occurrences(name, text, UNREDACTED_KEY),
        ...occurrences(name, text, UNREDACTED_SHARE_TOKEN),
      );
    }
    expect([...new Set(leaks)]).toEqual([]);
  });
});

describe('a share token minted without its documented prefix', () => {
  it('is still a secret: no report and no line printed holds it, and the check still fails the token', async () => {
    // The reference's planted fault mints `sh_` + 32 characters: a token no shape-based rule knows.
    const reportDir = join(reference.dir, 'unprefixed');
    const { code, output } = await runCli(['run', '--only', AREA, '--report-dir', reportDir], {
      CONFORMANCE_SELF_TEST_RUN: JSON.stringify({ faults: ['assistants.share-token-unprefixed'] }),
    });
    expect(code).toBe(1);
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
      checks: Array<{ id: string; status: string }>;
    };
    expect(summary.checks.find((check) => check.id === 'assistants.share.token')?.status).toBe('failed');
    const token = /(?<![A-Za-z0-9_])sh_[A-Za-z0-9_-]{20,}/g;
    const found = [
      ...occurrences('output', output, token),
      ...filesUnder(reportDir).flatMap((file) =>
        occurrences(relative(reportDir, file), readFileSync(file, 'utf8'), token),
      ),
    ];
    expect(found).toEqual([]);
  });
});
