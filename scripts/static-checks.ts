/**
 * `npm test`'s static checks (typecheck, lint, format, unused code), run side by side. Each tool is
 * single-threaded and together they took a minute and a half one after the other on two cores;
 * side by side they take about as long as the slowest (eslint's type-aware rules). The output of
 * a tool is printed when it ends, whole, so the lines of two tools never interleave; the exit
 * status is the first failing tool's, 0 when all pass.
 */
import { spawn } from 'node:child_process';

interface Tool {
  name: string;
  command: string;
  args: string[];
}

const TOOLS: readonly Tool[] = [
  { name: 'typecheck', command: 'tsc', args: ['--noEmit'] },
  { name: 'lint', command: 'eslint', args: ['.'] },
  {
    name: 'format',
    command: 'prettier',
    args: ['--check', '--log-level', 'warn', 'src/**/*.ts', 'suites/**/*.ts', 'scripts/**/*.ts'],
  },
  { name: 'knip', command: 'knip', args: ['--no-progress'] },
];

interface Outcome {
  tool: Tool;
  code: number;
  output: string;
  seconds: number;
}

function run(tool: Tool): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    // npx finds the project's own binaries (node_modules/.bin) without a shell.
    const child = spawn('npx', ['--no-install', tool.command, ...tool.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (code: number) => resolve({ tool, code, output, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(2);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const outcomes = await Promise.all(
  TOOLS.map((tool) =>
    run(tool).then((outcome) => {
      const verdict = outcome.code === 0 ? 'passed' : `failed (exit ${outcome.code})`;
      console.log(`static checks: ${tool.name} ${verdict} in ${outcome.seconds.toFixed(1)}s`);
      if (outcome.code !== 0 || outcome.output.trim() !== '') process.stdout.write(outcome.output);
      return outcome;
    }),
  ),
);
const failed = outcomes.find((outcome) => outcome.code !== 0);
process.exitCode = failed?.code ?? 0;
