import { attachment, epic, label, step } from 'allure-js-commons';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silenceAllure } from './silent-allure.ts';

afterEach(() => {
  vi.restoreAllMocks();
  // No runtime again, as in every other test of this thread: allure-js-commons keeps it under this
  // key of globalThis (sdk/runtime/runtime.js), and has no call to take it away.
  Reflect.deleteProperty(globalThis, 'allureTestRuntime');
});

describe('silenceAllure', () => {
  it('answers every Allure call of a check at once, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    // Without a runtime, a call warns that none is found (what a lane did before).
    await label('area', 'voices');
    expect(warn.mock.calls.length + log.mock.calls.length).toBeGreaterThan(0);
    warn.mockClear();
    log.mockClear();

    silenceAllure();
    await label('area', 'voices');
    await epic('Voices');
    await attachment('observations', '[]', 'application/json');
    expect(await step('a step', () => 42)).toBe(42);
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });
});
