/** See tier-up.js: a later tier-up to V8's optimizing compiler, on the V8 it was measured on. */
export function tuneTierUp(v8Version?: string, execArgv?: readonly string[]): boolean;
