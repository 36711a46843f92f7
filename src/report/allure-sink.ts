import { mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Globals, TestResult, TestResultContainer } from 'allure-js-commons';
import type { Category, EnvironmentInfo } from 'allure-js-commons/sdk';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import { stringifyEnvInfo } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { TestModule, Vitest } from 'vitest/node';
import { PROJECT_ROOT } from '../project-root.ts';
import type { Redactor } from '../redact/secrets.ts';
import { limiter } from '../limiter.ts';
import { redactJsonText, redactStrings } from '../redact/structured.ts';

/**
 * An attachment's content redacted in a way its format survives; the bytes as they are for a binary
 * attachment, which no byte-wise replacement could keep intact (the suite attaches none).
 */
function redactAttachment(fileName: string, content: Buffer, redact: Redactor): Buffer | string {
  if (content.includes(0)) return content;
  const text = content.toString('utf8');
  return extname(fileName).toLowerCase() === '.json' ? redactJsonText(text, redact) : redact(text);
}

/** Files being written at once: enough to keep the disk busy, few enough for any file limit. */
const WRITES_AT_ONCE = 16;

/**
 * Writes the Allure results of a run already redacted, each straight to its file, in the
 * background. allure-vitest's own writer publishes every file through a temporary file and an
 * fsync, synchronously, one per check: seconds of a full run's wall time, and then a second pass
 * had to read and rewrite them all to hide the secrets. Written synchronously without the fsync
 * they still cost the main thread, which also serves the embedded reference; the writes now go to the thread pool, and `flush` waits for them before the run ends.
 */
export class RedactingAllureWriter implements Writer {
  private readonly limit = limiter(WRITES_AT_ONCE);
  private readonly writes = new Set<Promise<void>>();
  private failure: Error | undefined;

  constructor(
    private readonly resultsDir: string,
    private readonly redact: Redactor,
  ) {
    mkdirSync(resultsDir, { recursive: true });
  }

  /** Resolves once every file handed over is written; then says why one could not be, if one could not. */
  async flush(): Promise<string | undefined> {
    while (this.writes.size > 0) await Promise.all([...this.writes]);
    return this.failure === undefined ? undefined : `allure-results: ${this.failure.message}`;
  }

  writeResult(result: TestResult): void {
    this.writeJson(`${result.uuid}-result.json`, result);
  }

  writeGroup(result: TestResultContainer): void {
    this.writeJson(`${result.uuid}-container.json`, result);
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.write(distFileName, redactAttachment(distFileName, content, this.redact));
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    this.writeAttachment(distFileName, readFileSync(from));
  }

  writeEnvironmentInfo(info: EnvironmentInfo): void {
    this.write('environment.properties', this.redact(stringifyEnvInfo(info)));
  }

  writeCategoriesDefinitions(categories: Category[]): void {
    this.writeJson('categories.json', categories);
  }

  writeGlobals(distFileName: string, info: Globals): void {
    this.writeJson(distFileName, info);
  }

  private writeJson(fileName: string, value: unknown): void {
    this.write(fileName, JSON.stringify(redactStrings(value, this.redact)));
  }

  private write(fileName: string, data: string | Buffer): void {
    const path = join(this.resultsDir, fileName);
    const written: Promise<void> = this.limit(() => writeFile(path, data))
      .catch((error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => this.writes.delete(written));
    this.writes.add(written);
  }
}

/** The setup file that keeps allure-vitest from wrapping vitest's assertions. */
const NO_MATCHER_STEPS = join(PROJECT_ROOT, 'src', 'report', 'allure-no-matchers.ts');

/** Where allure-vitest keeps the runtime that owns its writer (a private field of 3.x). */
interface WithRuntime {
  allureReporterRuntime?: { writer?: Writer };
}

/**
 * allure-vitest's reporter with the redacting writer above in place of its own: allure-vitest
 * builds its writer itself and offers no option for another, so the writer is swapped right after
 * the reporter's set-up. Should an upgrade move it, the run stops at its start with this reason
 * (and allure-sink.test.ts fails) rather than write a secret.
 */
export class RedactingAllureReporter extends AllureVitestReporter {
  private readonly writer: RedactingAllureWriter;
  /** The files already written, each as soon as its check file ended. */
  private readonly written = new Set<TestModule>();

  constructor(resultsDir: string, redact: Redactor) {
    // Vitest's assertions are not Allure steps (allure-no-matchers.ts says why).
    super({ resultsDir, reportMatchers: false });
    this.writer = new RedactingAllureWriter(resultsDir, redact);
  }

  /** Resolves once every result is written; then says why one could not be, if one could not. */
  flush(): Promise<string | undefined> {
    return this.writer.flush();
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    const runtime = (this as unknown as WithRuntime).allureReporterRuntime;
    if (runtime?.writer === undefined)
      throw new Error(
        'allure-vitest no longer keeps its writer where src/report/allure-sink.ts replaces it: ' +
          'Allure results would be written unredacted',
      );
    runtime.writer = this.writer;
    // Before allure-vitest's setup file, which super.onInit put first: the check files' vitest runs
    // setup files one after the other (src/harness/vitest-options.ts).
    for (const { config } of vitest.projects)
      if (!config.setupFiles.includes(NO_MATCHER_STEPS)) config.setupFiles.unshift(NO_MATCHER_STEPS);
  }

  /**
   * A check file's results as soon as it ends: the main thread has time to spare while the workers
   * run, and none once the last file is done (allure-vitest writes everything at the run's end).
   */
  onTestModuleEnd(module: TestModule): void {
    super.onTestRunEnd([module]);
    this.written.add(module);
  }

  /** What is left: files that never reported their end (a stopped run), and the run's own messages. */
  override onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    super.onTestRunEnd(modules.filter((module) => !this.written.has(module)));
  }
}
