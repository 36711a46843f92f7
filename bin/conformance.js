#!/usr/bin/env node
// The published entry point: run the TypeScript CLI through tsx's loader so no build step is needed.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
