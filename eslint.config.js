import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import projectRules from './eslint-rules/layers.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'coverage/', 'bin/', 'eslint.config.js', 'eslint-rules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Test doubles often implement an async interface without awaiting anything.
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // The layer rules (eslint-rules/layers.js): suites/ never import the reference, src/expect/
    // imports neither resources nor the CLI, src/reference/ nothing of the harness.
    plugins: { project: projectRules },
    rules: { 'project/layers': 'error' },
  },
);
