import { resolve } from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import projectRules from './layers.js';

const ROOT = resolve(import.meta.dirname, '..');

/** The messages the layer rule gives `code` as if it stood in the project file `file`. */
function layerMessages(file, code) {
  const linter = new Linter({ configType: 'flat' });
  const config = [
    {
      files: ['**/*.ts'],
      languageOptions: { sourceType: 'module', ecmaVersion: 2022 },
      plugins: { project: projectRules },
      rules: { 'project/layers': 'error' },
    },
  ];
  return linter.verify(code, config, { filename: resolve(ROOT, file) }).map((m) => m.message);
}

describe('the layer rules', () => {
  it('refuses an import of the reference from suites/, also through an export', () => {
    expect(layerMessages('suites/voices/a.ts', "import '../../src/reference/app.ts';")).toHaveLength(1);
    expect(layerMessages('suites/voices/a.ts', "export * from '../../src/reference/app.ts';")).toHaveLength(
      1,
    );
    expect(layerMessages('suites/voices/a.ts', "import '../../src/expect/status.ts';")).toEqual([]);
  });

  it('refuses resources and the CLI in src/expect/', () => {
    expect(layerMessages('src/expect/a.ts', "import '../resources/json.ts';")).toHaveLength(1);
    expect(layerMessages('src/expect/a.ts', "import '../cli/run.ts';")).toHaveLength(1);
    expect(layerMessages('src/expect/a.ts', "import '../http/exchange.ts';")).toEqual([]);
  });

  it('lets the reference read only itself, the spec and the keyring format', () => {
    // src/reference/http is the reference's own; src/http is the harness's client.
    expect(layerMessages('src/reference/auth/a.ts', "import '../http/body.ts';")).toEqual([]);
    expect(layerMessages('src/reference/auth/a.ts', "import '../../http/client.ts';")).toHaveLength(1);
    expect(layerMessages('src/reference/a.ts', "import '../spec/openapi.ts';")).toEqual([]);
    expect(layerMessages('src/reference/a.ts', "import '../target/keyring-types.ts';")).toEqual([]);
    expect(layerMessages('src/reference/a.ts', "import '../target/keyring.ts';")).toHaveLength(1);
    expect(layerMessages('src/reference/a.ts', "import('../harness/check.ts');")).toHaveLength(1);
  });

  it('keeps the CLI and the self-test out of src/run/, and the run out of the harness', () => {
    expect(layerMessages('src/run/a.ts', "import '../cli/run-spec.ts';")).toHaveLength(1);
    expect(layerMessages('src/run/a.ts', "import '../selftest/fault-lane.ts';")).toHaveLength(1);
    expect(layerMessages('src/run/a.ts', "import '../report/summary.ts';")).toEqual([]);
    expect(layerMessages('src/selftest/a.ts', "import '../run/execute.ts';")).toEqual([]);
    expect(layerMessages('src/selftest/a.ts', "import '../cli/selection.ts';")).toHaveLength(1);
    expect(layerMessages('src/harness/a.ts', "import '../run/plan.ts';")).toHaveLength(1);
    expect(layerMessages('src/harness/a.ts', "import '../selftest/fault-batch.ts';")).toHaveLength(1);
  });

  it('stacks the worker: redact, http, context, expect, resources, scope, harness', () => {
    expect(layerMessages('src/redact/a.ts', "import '../http/exchange.ts';")).toHaveLength(1);
    expect(layerMessages('src/redact/a.ts', "import './secrets.ts';")).toEqual([]);
    expect(layerMessages('src/http/a.ts', "import '../redact/secrets.ts';")).toEqual([]);
    expect(layerMessages('src/http/a.ts', "import '../context/poll.ts';")).toHaveLength(1);
    expect(layerMessages('src/context/a.ts', "import '../http/client.ts';")).toEqual([]);
    expect(layerMessages('src/context/a.ts', "import '../resources/tracker.ts';")).toHaveLength(1);
    expect(layerMessages('src/expect/a.ts', "import '../context/poll.ts';")).toEqual([]);
    expect(layerMessages('src/expect/a.ts', "import '../harness/check.ts';")).toHaveLength(1);
    expect(layerMessages('src/resources/a.ts', "import '../expect/failure.ts';")).toEqual([]);
    expect(layerMessages('src/resources/a.ts', "import '../harness/check.ts';")).toHaveLength(1);
    expect(layerMessages('src/resources/a.ts', "import '../rules/subjects.ts';")).toHaveLength(1);
    expect(layerMessages('src/scope/a.ts', "import '../resources/kinds/registry.ts';")).toEqual([]);
    expect(layerMessages('src/scope/a.ts', "import '../harness/check.ts';")).toHaveLength(1);
    expect(layerMessages('src/harness/a.ts', "import '../scope/matrix.ts';")).toEqual([]);
    expect(layerMessages('src/harness/a.ts', "import '../report/summary.ts';")).toHaveLength(1);
    expect(layerMessages('src/harness/a.ts', "import '../stateful/world.ts';")).toHaveLength(1);
  });

  it('lets a unit test of the worker reach higher, and judges the rest of the tree as before', () => {
    expect(layerMessages('src/resources/a.test.ts', "import '../run/dry-run.ts';")).toEqual([]);
    expect(layerMessages('src/selftest/a.test.ts', "import '../cli/selection.ts';")).toHaveLength(1);
  });

  it('leaves packages and other folders alone', () => {
    expect(layerMessages('src/reference/a.ts', "import 'fastify';")).toEqual([]);
    expect(layerMessages('src/cli/a.ts', "import '../reference/server.ts';")).toEqual([]);
  });
});
