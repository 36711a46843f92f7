import { describeScopeMatrix } from './scope-matrix.ts';

// The plugin operations, each tried with every level of plugins, the strongest key of every other
// module, the assistants-and-knowledge preset (which holds no plugins) and the legacy key.
describeScopeMatrix(['plugins']);
