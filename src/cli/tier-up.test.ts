import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { tuneTierUp } from './tier-up.ts';

const NODE_20_V8 = '11.3.244.8-node.38';

describe('tuneTierUp', () => {
  it('leaves another V8 than the one measured alone', () => {
    expect(tuneTierUp('12.4.254.21-node.33', [])).toBe(false);
  });

  it('leaves a budget given to node alone, in either spelling, and only that flag counts as one', () => {
    expect(tuneTierUp(NODE_20_V8, ['--interrupt-budget=1000'])).toBe(false);
    expect(tuneTierUp(NODE_20_V8, ['--interrupt_budget=1000'])).toBe(false);
    expect(tuneTierUp(NODE_20_V8, ['--interrupt-budget-for-feedback-allocation=500'])).toBe(true);
  });

  // V8 names an unknown flag or a bad value on stderr, in every process that sets it. In a fresh
  // node: this process's flags are already set (vitest.config.ts).
  it.runIf(/^11\.3\./.test(process.versions.v8))(
    'sets a flag this V8 knows, with a value it takes: not a word on the terminal',
    () => {
      const module = pathToFileURL(join(PROJECT_ROOT, 'src', 'cli', 'tier-up.ts')).href;
      const result = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { tuneTierUp } = await import(${JSON.stringify(module)});` +
            `process.stdout.write(String(tuneTierUp()));`,
        ],
        { encoding: 'utf8', cwd: PROJECT_ROOT },
      );
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe('true');
    },
  );
});
