import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { compileFunction } from 'node:vm';
import { Ajv2020, type ErrorObject, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { cachePath, installedVersion } from '../project-root.ts';
import { writeCacheFile } from './yaml-cache.ts';

/** What the suite asks of a compiled schema: a verdict, and Ajv's problems after a false one. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** How an Ajv is set up: its options (plain data) and whether ajv-formats adds its formats. */
interface AjvSetup {
  options: Options;
  formats: boolean;
}

/** Where Ajv's generated code is kept between processes. */
const CACHE_DIR = cachePath('ajv');

/**
 * The generated code requires Ajv's runtime helpers and ajv-formats's formats by package name: they
 * are resolved where this module resolves Ajv, wherever the cache lies.
 */
const requireBesideAjv = createRequire(import.meta.url);

/**
 * A compiler of JSON Schemas whose generated code is kept between processes (Ajv's standalone
 * code, a CommonJS module per schema). Compiling the schemas it checks against took each worker
 * thread of every run some 250 ms of CPU (a third of it for the meta-schema each Ajv compiles to
 * validate them); loading the code kept by an earlier worker takes some 40 ms. A file is named by
 * the hash of all the generated code depends on: the schema, the versions of Ajv and ajv-formats,
 * the options, the formats and keywords the instance knows. A file that is missing, unreadable or
 * corrupt is compiled afresh (and written again); a cache that cannot be written is only slower.
 */
export function cachedSchemaCompiler(
  setup: AjvSetup,
  cacheDir: string = CACHE_DIR,
): (schema: object) => SchemaValidator {
  const ajv = new Ajv2020({ ...setup.options, code: { ...setup.options.code, source: true } });
  if (setup.formats) addFormats.default(ajv);
  const instanceKey = keyOf(ajv, setup);
  return (schema) => {
    if (instanceKey === undefined) return ajv.compile(schema);
    // Throws on a cycle, as Ajv would (it overflows its stack on one).
    const json = JSON.stringify(schema);
    // A schema that names itself or refers outside itself is compiled as Ajv does: code loaded from
    // a file never registers a schema with this Ajv, so a later $ref to it would not resolve.
    if (!selfContained(json)) return ajv.compile(schema);
    const file = cacheFile(instanceKey, json, cacheDir);
    const known = loaded(file);
    if (known) return known;
    const validate = ajv.compile(schema);
    keep(file, () => standaloneCode.default(ajv, validate), cacheDir);
    return validate;
  };
}

/** All the generated code depends on besides the schema; undefined (no cache) if a version cannot be read. */
function keyOf(ajv: Ajv2020, setup: AjvSetup): string | undefined {
  try {
    return JSON.stringify({
      ajv: installedVersion('ajv'),
      ajvFormats: setup.formats ? installedVersion('ajv-formats') : null,
      options: setup.options,
      formats: Object.keys(ajv.formats).sort(),
      formatsCode: String(ajv.opts.code.formats ?? ''),
      keywords: Object.keys(ajv.RULES.keywords).sort(),
    });
  } catch {
    return undefined; // Installed elsewhere than the project's node_modules: compiled every time.
  }
}

/** No $id, $anchor or $dynamicAnchor, and every $ref local (`#…`), at any depth (`json`: the schema's). */
function selfContained(json: string): boolean {
  return !/"\$(id|anchor|dynamicAnchor)":/.test(json) && !/"\$(ref|dynamicRef)":"(?!#)/.test(json);
}

function cacheFile(instanceKey: string, json: string, cacheDir: string): string {
  return join(cacheDir, `${createHash('sha256').update(`${instanceKey}\n${json}`).digest('hex')}.cjs`);
}

/**
 * The kept code, run with a real require: trusted as node_modules itself is, which holds it (and
 * which a fresh `npm ci` empties).
 */
function loaded(file: string): SchemaValidator | undefined {
  try {
    const module: { exports: unknown } = { exports: {} };
    // The module's code run as CommonJS runs it, with this module's require (see requireBesideAjv).
    const run = compileFunction(readFileSync(file, 'utf8'), ['require', 'module', 'exports'], {
      filename: file,
    }) as (require: NodeJS.Require, module: { exports: unknown }, exports: unknown) => void;
    run(requireBesideAjv, module, module.exports);
    return typeof module.exports === 'function' ? (module.exports as SchemaValidator) : undefined;
  } catch {
    return undefined; // Not cached yet, unreadable or corrupt: compiled afresh.
  }
}

function keep(file: string, code: () => string, cacheDir: string): void {
  let source: string;
  try {
    source = code();
  } catch {
    return; // A schema Ajv cannot write as standalone code: compiled in every process.
  }
  writeCacheFile(file, source, cacheDir);
}
