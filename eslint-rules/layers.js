// The project's layer rules, judged on the resolved path of every relative import (a specifier
// alone cannot tell src/http from src/reference/http).
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** Where a file lives and what it may not import: the first matching rule applies. */
const RULES = [
  {
    from: 'suites/',
    forbids: (target) => target.startsWith('src/reference/'),
    message: 'suites/ reach the reference only through the target, never by import',
  },
  {
    from: 'src/checks/',
    forbids: (target) => target.startsWith('src/resources/') || target.startsWith('src/cli/'),
    message: 'src/checks/ judges answers: it imports neither src/resources/ nor the CLI',
  },
  {
    from: 'src/run/',
    // cli → run → harness, report, target…; selftest → run. The one import of src/cli/ left is the
    // output redactor, which is moving to src/redact/ (issue 23).
    forbids: (target) =>
      (target.startsWith('src/cli/') && target !== 'src/cli/redacting-output.ts') ||
      target.startsWith('src/selftest/'),
    message: 'src/run/ carries out a run that src/cli/ or src/selftest/ planned: it imports neither',
  },
  {
    from: 'src/harness/',
    forbids: (target) =>
      target.startsWith('src/run/') || target.startsWith('src/cli/') || target.startsWith('src/selftest/'),
    message:
      'src/harness/ runs in the worker and knows nothing of the run, the CLI or the self-test (whose fault batches come through the hook of src/harness/check-copies.ts)',
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
    if (!rule) return {};
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
