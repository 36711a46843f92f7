import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tuneTierUp } from '../../bin/tier-up.js';
import { PROJECT_ROOT } from '../project-root.ts';

describe('tuneTierUp', () => {
  it('leaves another V8 than the one measured, and a budget given to node, alone', () => {
    expect(tuneTierUp('12.4.254.21-node.33', [])).toBe(false);
    expect(tuneTierUp('11.3.244.8-node.38', ['--interrupt-budget=1000'])).toBe(false);
  });

  it('sets a flag this V8 knows, with a value it takes: not a word on the terminal', () => {
    // V8 names an unknown flag or a bad value on stderr, in every process that sets it. A fresh
    // node: this process's flags are already set (vitest.config.ts).
    const module = join(PROJECT_ROOT, 'bin', 'tier-up.js');
    const result = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { tuneTierUp } from ${JSON.stringify(module)};` +
          `process.stdout.write(String(tuneTierUp('11.3.244.8-node.38', [])));`,
      ],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('true');
  });
});
