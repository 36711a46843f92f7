import { setGlobalTestRuntime, type TestRuntime } from 'allure-js-commons/sdk/runtime';

const done = (): Promise<void> => Promise.resolve();

/** An Allure runtime that keeps nothing, for a vitest that runs no Allure reporter. */
const SILENT_ALLURE: TestRuntime = {
  labels: done,
  links: done,
  parameter: done,
  description: done,
  descriptionHtml: done,
  displayName: done,
  historyId: done,
  testCaseId: done,
  attachment: done,
  globalAttachment: done,
  globalAttachmentFromPath: done,
  globalError: done,
  attachmentFromPath: done,
  logStep: done,
  step: async (_name, body) => body(),
  stepDisplayName: done,
  stepParameter: done,
};

/**
 * Makes this thread's Allure calls do nothing. Where no Allure reporter installed its runtime (the
 * self-test's lanes), every Allure call of a check (some ten a check: its labels, epics, stories,
 * attachments) tried to import an Allure adapter, failed, and printed a warning sent on to the main
 * thread: some 0.2 ms of CPU a call (one full self-test took 292 CPU-seconds against 305 without it,
 * one after the other). It has no `sync` member: Allure's synchronous calls would warn again.
 */
export function silenceAllure(): void {
  setGlobalTestRuntime(SILENT_ALLURE);
}
