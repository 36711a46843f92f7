import { describe, expect, it } from 'vitest';
import { AreaProgress, areaOfFile, TerminalProgress, timingLine } from './terminal-progress.ts';
import type { SummaryCheck } from './summary.ts';

const check = (outcome: SummaryCheck['outcome']): SummaryCheck => ({
  id: `x.${outcome}`,
  requirements: [],
  status: 'passed',
  outcome,
  title: 't',
  file: 'f',
});

/** The progress of a run in /p, off a terminal, and what it wrote to stdout and stderr. */
function printer() {
  const out: string[] = [];
  const err: string[] = [];
  const progress = new TerminalProgress({
    root: '/p',
    judge: (checks) => checks,
    tty: false,
    write: (text) => out.push(text),
    writeError: (text) => err.push(text),
  });
  return { out, err, progress };
}

describe('the terminal progress of a run', () => {
  it('never marks ✓ an area one of whose files ended with an error of its own (it failed to load)', () => {
    const progress = new AreaProgress([
      'suites/voices/a.test.ts',
      'suites/voices/b.test.ts',
      'suites/plugins/c.test.ts',
    ]);
    expect(progress.finish('suites/voices/a.test.ts', [check('passed')])).toBeUndefined();
    expect(progress.finish('suites/voices/b.test.ts', [], true)).toBe(
      '  ✗ voices   1 check: 1 passed (harness error: 1 of 2 files did not load or run whole)',
    );
    expect(progress.finish('suites/plugins/c.test.ts', [], true)).toBe(
      '  ✗ plugins  0 checks (harness error: 1 of 1 file did not load or run whole)',
    );
  });

  it('names areas as --only takes them: the folder of suites/', () => {
    expect(areaOfFile('suites/knowledge-bases/attach.test.ts')).toBe('knowledge-bases');
    expect(areaOfFile('suites/auth/deep/bearer.test.ts')).toBe('auth');
  });

  it("prints an area's line once its last file has run, in the suite's words", () => {
    const progress = new AreaProgress([
      'suites/voices/a.test.ts',
      'suites/knowledge-bases/b.test.ts',
      'suites/knowledge-bases/c.test.ts',
    ]);
    expect(progress.finish('suites/knowledge-bases/b.test.ts', [check('passed'), check('expected')])).toBe(
      undefined,
    );
    expect(progress.status()).toBe('  … 0 of 2 areas done, 2 checks so far');
    expect(
      progress.finish('suites/knowledge-bases/c.test.ts', [
        check('unexpected-pass'),
        check('observed'),
        check('skipped'),
        check('errored'),
      ]),
    ).toBe('  ✗ knowledge-bases  6 checks: 2 passed, 1 failed, 1 errored, 1 known deviation, 1 skipped');
    expect(progress.status()).toBe('  … 1 of 2 areas done, 6 checks so far, 2 failing');
    expect(progress.unfinished('stopped')).toEqual([
      '  – voices           0 checks (stopped: 0 of 1 file ran)',
    ]);
    expect(progress.finish('suites/voices/a.test.ts', [check('warned')])).toBe(
      '  ✓ voices           1 check: 1 passed',
    );
    expect(progress.unfinished('stopped')).toEqual([]);
  });

  it('never marks ✓ an area none of whose checks ran, and tells a harness error from a stop', () => {
    const files = ['suites/accounts/a.test.ts', 'suites/accounts/b.test.ts', 'suites/voices/v.test.ts'];
    const progress = new AreaProgress(files);
    expect(progress.unfinished('harness error')).toEqual([
      '  ✗ accounts  0 checks (not run: harness error; 0 of 2 files ran)',
      '  ✗ voices    0 checks (not run: harness error; 0 of 1 file ran)',
    ]);
    progress.finish('suites/accounts/a.test.ts', [check('passed'), check('skipped')]);
    expect(progress.unfinished('harness error')[0]).toBe(
      '  ✗ accounts  2 checks: 1 passed, 1 skipped (harness error: 1 of 2 files ran)',
    );
    expect(progress.unfinished('stopped')[0]).toBe(
      '  ✓ accounts  2 checks: 1 passed, 1 skipped (stopped: 1 of 2 files ran)',
    );
    expect(progress.finish('suites/voices/v.test.ts', [check('skipped')])).toBe(
      '  – voices    1 check: 1 skipped',
    );
  });

  it('prints the unfinished areas as a stop or a harness error left them, by how vitest ended the run', () => {
    const lines = (reason: 'interrupted' | 'failed') => {
      const { out, progress } = printer();
      progress.onTestRunStart([{ moduleId: '/p/suites/voices/v.test.ts' }] as never);
      progress.onTestRunEnd([], [], reason);
      return out[0];
    };
    expect(lines('interrupted')).toBe('  – voices  0 checks (stopped: 0 of 1 file ran)\n');
    expect(lines('failed')).toBe('  ✗ voices  0 checks (not run: harness error; 0 of 1 file ran)\n');
  });

  it('says where the time of the check files went, in the times vitest writes (scripts/bench reads them)', () => {
    expect(timingLine(47, 5012, { setup: 3, import: 2500, tests: 6804 })).toBe(
      'conformance: 47 check files ran in 5.01s (setup 3ms, import 2.50s, tests 6.80s)',
    );
  });

  it('passes on what a check prints, to the stream it chose, never swallowing it', () => {
    const { out, err, progress } = printer();
    const log = { time: 0, size: 0 };
    progress.onUserConsoleLog({
      ...log,
      type: 'stderr',
      content: 'conformance: 429 from listVoices: waiting 2 s',
    });
    progress.onUserConsoleLog({ ...log, type: 'stdout', content: 'seed 42\n' });
    expect(err).toEqual(['conformance: 429 from listVoices: waiting 2 s\n']);
    expect(out).toEqual(['seed 42\n']);
  });
});
