import { describeScopeMatrix } from './scope-matrix.ts';

// The knowledge-base operations, each tried with every level of knowledgeBase, the strongest key of
// every other module, the assistants-and-knowledge preset and the legacy key (refused on every /kb route).
describeScopeMatrix(['knowledgeBase']);
