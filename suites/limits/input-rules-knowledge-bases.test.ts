import { describeInputRules } from '../../src/rules/checks.ts';

// Every write path and paged route of the knowledgeBase module holds the input rules derived from
// spec/openapi.yaml (src/generate/input-rules.ts): judged where the document states the answer,
// observed where it does not. A new field gets its cases here without a new check file.
describeInputRules(['knowledgeBase']);
