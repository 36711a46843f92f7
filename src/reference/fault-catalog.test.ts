import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../spec/requirements.ts';
import { FAULT_CATALOG, FAULT_IDS, faultById } from './fault-catalog.ts';
import { Faults, UnknownFaultError } from './faults.ts';

const REFERENCE_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Where faults are defined rather than consulted. */
const DEFINITIONS = new Set([
  'fault-catalog.ts',
  'fault-switch.ts',
  'faults.ts',
  'auth/faults.ts',
  'http/faults.ts',
  'knowledge/faults.ts',
  'assistants/faults.ts',
  'plugins/faults.ts',
  'voices/faults.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The reference's code that can consult a fault: every module but the fault definitions and the tests. */
const consultingSource = sourceFiles(REFERENCE_DIR)
  .filter((file) => !DEFINITIONS.has(relative(REFERENCE_DIR, file).split('\\').join('/')))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

const requirements = loadCatalog();

describe('fault catalog', () => {
  it('holds faults of the auth, http and knowledge modules', () => {
    const modules = new Set(FAULT_CATALOG.map((f) => f.module));
    for (const module of ['auth', 'http', 'knowledge']) expect(modules).toContain(module);
  });

  it('has unique, dotted ids', () => {
    const ids = FAULT_CATALOG.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(FAULT_IDS.size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(FAULT_CATALOG.map((f) => [f.id, f] as const))(
    '%s names a must requirement of spec/requirements.yaml and what it breaks',
    (_id, fault) => {
      const requirement = requirements.byId.get(fault.requirement);
      expect(requirement, `${fault.requirement} is not in the requirement catalog`).toBeDefined();
      expect(requirement?.kind, `${fault.requirement} is ${requirement?.kind}: a fault violates a must`).toBe(
        'must',
      );
      expect(fault.breaks.trim().length).toBeGreaterThan(10);
      expect(fault.breaks).not.toContain('\n');
    },
  );

  it.each(FAULT_CATALOG.map((f) => [f.id] as const))('%s is consulted in the reference', (id) => {
    expect(consultingSource, `no module of src/reference consults '${id}'`).toContain(`'${id}'`);
  });

  it('every fault id the reference consults is in the catalog', () => {
    const consulted = [
      ...consultingSource.matchAll(/\b(?:fault|[a-z]+Fault)\(\s*(?:[\w.]+\s*,\s*)?'([^']+)'/g),
    ].map((match) => match[1] ?? '');
    expect(consulted.length).toBeGreaterThan(FAULT_CATALOG.length / 2);
    expect(consulted.filter((id) => !FAULT_IDS.has(id))).toEqual([]);
  });

  it('proves no requirement the catalog says no fault can show (noFault)', () => {
    const contradicted = FAULT_CATALOG.filter(
      (fault) => requirements.byId.get(fault.requirement)?.noFault !== undefined,
    ).map((fault) => `${fault.id} violates ${fault.requirement}`);
    expect(contradicted).toEqual([]);
  });

  it('finds a fault by id', () => {
    expect(faultById('auth.expiry-ignored')?.requirement).toBe('ERR-06');
    expect(faultById('nope')).toBeUndefined();
  });
});

describe('Faults', () => {
  it('keeps the planted ids, sorted', () => {
    expect(new Faults(['kb.attach-no-limit', 'auth.expiry-ignored']).list()).toEqual([
      'auth.expiry-ignored',
      'kb.attach-no-limit',
    ]);
  });

  it('refuses every unknown id at once, naming each', () => {
    let error: unknown;
    try {
      new Faults(['auth.expiry-ignored', 'nope', 'auth.typo']);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnknownFaultError);
    expect((error as UnknownFaultError).ids).toEqual(['nope', 'auth.typo']);
    expect((error as Error).message).toBe(
      'unknown fault ids "nope", "auth.typo": the known ids are in the fault catalog (README.md, or `conformance self-test --table`)',
    );
  });
});
