import { describeScopeMatrix } from './scope-matrix.ts';

// The assistant operations and the voice catalog, each tried with every level of its module, the
// strongest key of every other module, the assistants-and-knowledge preset and the legacy key.
describeScopeMatrix(['assistants', 'voices']);
