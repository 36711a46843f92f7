// The project's layer rules, judged on the resolved path of every relative import (a specifier
// alone cannot tell src/http from src/reference/http).
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

const startsWithAny = (target, prefixes) => prefixes.some((prefix) => target.startsWith(prefix));

/** What stands above the harness: the checks, the model, the reports, the run and its commands. */
const ABOVE_THE_HARNESS = [
  'suites/',
  'src/rules/',
  'src/stateful/',
  'src/report/',
  'src/run/',
  'src/cli/',
  'src/selftest/',
];

/** The harness and all above it: what makes, runs and reports checks. */
const CHECK_MAKING = ['src/harness/', 'src/scope/', ...ABOVE_THE_HARNESS];

/** Where a file lives and what it may not import: the first matching rule applies. */
const RULES = [
  {
    from: 'suites/',
    forbids: (target) => target.startsWith('src/reference/'),
    message: 'suites/ reach the reference only through the target, never by import',
  },
  // Inside a worker, from the bottom up: redaction and the HTTP client; the context a check runs in
  // (src/context/); judging answers (src/expect/); making resources (src/resources/, whose set-up
  // errors are src/expect/'s SetupError); the scope matrix; the harness (`check()` and its fixtures)
  // on top. Checks, the model, the reports and the run stand above all of it. A unit test may reach
  // higher (the toy-kind test proves the registry reaches the dry-run plan): these rules judge
  // sources only.
  {
    from: 'src/redact/',
    sourcesOnly: true,
    forbids: (target) => target.startsWith('src/') && !target.startsWith('src/redact/'),
    message: 'src/redact/ hides secrets in what leaves the suite: it imports nothing of the project',
  },
  {
    from: 'src/http/',
    sourcesOnly: true,
    forbids: (target) =>
      startsWithAny(target, ['src/context/', 'src/expect/', 'src/resources/', ...CHECK_MAKING]),
    message: 'src/http/ is the client: it imports nothing of the context, checks or resources above it',
  },
  {
    from: 'src/context/',
    sourcesOnly: true,
    forbids: (target) => startsWithAny(target, ['src/expect/', 'src/resources/', ...CHECK_MAKING]),
    message:
      'src/context/ is what a check runs in (target, patience, polling): it imports nothing that makes, judges or runs checks',
  },
  {
    from: 'src/expect/',
    sourcesOnly: true,
    forbids: (target) => startsWithAny(target, ['src/resources/', ...CHECK_MAKING]),
    message:
      'src/expect/ judges answers: it imports neither src/resources/ nor the harness or anything above it',
  },
  {
    from: 'src/resources/',
    sourcesOnly: true,
    forbids: (target) => startsWithAny(target, CHECK_MAKING),
    message: 'src/resources/ makes what checks need: it imports neither the harness nor anything above it',
  },
  {
    from: 'src/scope/',
    sourcesOnly: true,
    forbids: (target) => startsWithAny(target, ['src/harness/', ...ABOVE_THE_HARNESS]),
    message: 'src/scope/ is the scope matrix as data: it imports neither the harness nor anything above it',
  },
  {
    from: 'src/run/',
    // cli → run → harness, report, target…; selftest → run.
    forbids: (target) => startsWithAny(target, ['src/cli/', 'src/selftest/']),
    message: 'src/run/ carries out a run that src/cli/ or src/selftest/ planned: it imports neither',
  },
  {
    from: 'src/harness/',
    sourcesOnly: true,
    forbids: (target) => startsWithAny(target, ABOVE_THE_HARNESS),
    message:
      'src/harness/ runs in the worker and knows nothing of the checks, the model, the reports, the run, the CLI or the self-test (whose fault batches come through the hook of src/harness/check-copies.ts)',
  },
  {
    from: 'src/selftest/',
    forbids: (target) => target.startsWith('src/cli/'),
    message: 'src/selftest/ runs the suite itself: it imports nothing of the CLI (src/cli/ calls it)',
  },
  {
    from: 'src/reference/',
    // The reference is an implementation of the document: besides itself it may read the spec
    // (the operation table), the keyring's data format and where the project's files are, nothing
    // of the harness.
    forbids: (target) =>
      target.startsWith('src/') &&
      !target.startsWith('src/reference/') &&
      !target.startsWith('src/spec/') &&
      target !== 'src/target/keyring-types.ts' &&
      target !== 'src/project-root.ts',
    message:
      'src/reference/ imports nothing of the harness (only src/spec/, src/target/keyring-types.ts and src/project-root.ts)',
  },
];

function projectPath(file) {
  return relative(ROOT, file).split('\\').join('/');
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'imports that cross a layer boundary of the project' },
    schema: [],
  },
  create(context) {
    const from = projectPath(context.filename);
    const rule = RULES.find((r) => from.startsWith(r.from));
    if (!rule || (rule.sourcesOnly && /\.test\.[jt]s$/.test(from))) return {};
    const judge = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = projectPath(resolve(dirname(context.filename), specifier));
      if (rule.forbids(target)) context.report({ node, message: `${rule.message} (${specifier})` });
    };
    return {
      ImportDeclaration: (node) => judge(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && judge(node, node.source.value),
      ExportAllDeclaration: (node) => judge(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && judge(node, node.source.value),
    };
  },
};

export default { rules: { layers } };
