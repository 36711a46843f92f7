/**
 * `npm test`'s static checks (typecheck, lint, format, unused code) in two lanes, one per core:
 * eslint (its type-aware rules, the slowest) in one, the three others one after the other in the
 * other. Each tool is single-threaded. All four side by side took 37-46 s on two cores and held
 * 2.5 GB at once (eslint alone 1.5 GB); two lanes take as long (36-40 s) and hold eslint and one
 * other tool at a time. The output of a tool is printed when it ends, whole, so the lines of two
 * tools never interleave; the exit status is that of the first failing tool in lane order (lint,
 * typecheck, format, knip), 0 when all pass.
 */
import { spawn } from 'node:child_process';
import { nodeOptionsFor } from './node-options.ts';

interface Tool {
  name: string;
  command: string;
  args: string[];
  /** Options for node running the tool. */
  nodeOptions?: string;
}

const LANES: readonly (readonly Tool[])[] = [
  [
    {
      name: 'lint',
      command: 'eslint',
      args: ['.'],
      // V8 let eslint's heap grow to 1.5 GB though what it keeps alive stays under 700 MB (at a
      // 700 MB cap it still passes, collecting often: 33 s instead of 21). At 1 GB it peaks at
      // 1.1 GB for 2 s more. A project grown past the cap fails here with V8's out-of-memory
      // message: raise the cap then (or set one in NODE_OPTIONS, which then stands).
      nodeOptions: '--max-old-space-size=1024',
    },
  ],
  [
    { name: 'typecheck', command: 'tsc', args: ['--noEmit'] },
    {
      name: 'format',
      command: 'prettier',
      args: ['--check', '--log-level', 'warn', 'src/**/*.ts', 'suites/**/*.ts', 'scripts/**/*.ts'],
    },
    { name: 'knip', command: 'knip', args: ['--no-progress'] },
  ],
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
      env: { ...process.env, NODE_OPTIONS: nodeOptionsFor(tool.nodeOptions, process.env.NODE_OPTIONS) },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (code: number) => resolve({ tool, code, output, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(2);
    });
    // Killed by a signal (the kernel's out-of-memory killer, say): named, and a failure.
    child.on('close', (code, signal) => {
      if (signal !== null) output += `${tool.command} was killed by ${signal}\n`;
      done(code ?? 1);
    });
  });
}

function report(outcome: Outcome): Outcome {
  const verdict = outcome.code === 0 ? 'passed' : `failed (exit ${outcome.code})`;
  console.log(`static checks: ${outcome.tool.name} ${verdict} in ${outcome.seconds.toFixed(1)}s`);
  if (outcome.code !== 0 || outcome.output.trim() !== '') process.stdout.write(outcome.output);
  return outcome;
}

/** A lane's tools one after the other, each to its end whatever the one before found. */
async function runLane(tools: readonly Tool[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const tool of tools) outcomes.push(report(await run(tool)));
  return outcomes;
}

const outcomes = (await Promise.all(LANES.map(runLane))).flat();
const failed = outcomes.find((outcome) => outcome.code !== 0);
process.exitCode = failed?.code ?? 0;
