#!/usr/bin/env node
// The published entry point: the CLI from its bundle (bin/cli-bundle.js says why), built when the
// sources changed. A bundle that cannot be built is one line and exit 2, as every other failure.
import { pathToFileURL } from 'node:url';
import { cliBundle } from './cli-bundle.js';

let bundle;
try {
  bundle = await cliBundle();
} catch (error) {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
await import(pathToFileURL(bundle).href);
