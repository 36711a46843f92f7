import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { readEndpointTables } from './api-document.ts';

const API_DOCUMENT = new URL('../../spec/API.md', import.meta.url);

describe('readEndpointTables', () => {
  it('reads method, path, module, level and the destructive flag of each row', () => {
    const markdown = [
      '| Method | Path | Scope |',
      '|---|---|---|',
      '| POST | `/persona/enterprise/createPersona` | assistants:edit |',
      '| DELETE | `/persona/enterprise/deletePersona/{sessionId}/{personaId}` | assistants:manage (destructive) |',
    ].join('\n');
    const { endpoints, problems } = readEndpointTables(markdown);
    expect(problems).toEqual([]);
    expect(endpoints).toEqual([
      {
        method: 'POST',
        path: '/persona/enterprise/createPersona',
        module: 'assistants',
        level: 'edit',
        destructive: false,
        success: undefined,
        line: 3,
      },
      {
        method: 'DELETE',
        path: '/persona/enterprise/deletePersona/{sessionId}/{personaId}',
        module: 'assistants',
        level: 'manage',
        destructive: true,
        success: undefined,
        line: 4,
      },
    ]);
  });

  it('reads the Success column where the table has one', () => {
    const markdown = [
      '| Method | Path | Scope | Success |',
      '|---|---|---|---|',
      '| POST | `/kb` | knowledgeBase:edit | 201 |',
    ].join('\n');
    expect(readEndpointTables(markdown).endpoints[0]?.success).toBe(201);
  });

  it('ignores tables whose header does not name Method, Path and Scope', () => {
    const markdown = [
      '| Field | Type | Required |',
      '|---|---|---|',
      '| `name` | string | yes |',
      '',
      'text',
    ].join('\n');
    expect(readEndpointTables(markdown)).toEqual({ endpoints: [], problems: [] });
  });

  it('ignores tables inside fenced code', () => {
    const markdown = [
      '```',
      '| Method | Path | Scope |',
      '|---|---|---|',
      '| GET | `/kb` | knowledgeBase:view |',
      '```',
    ].join('\n');
    expect(readEndpointTables(markdown).endpoints).toEqual([]);
  });

  it('keeps an escaped pipe inside its cell', () => {
    const markdown = [
      '| Method | Path | Scope | Notes |',
      '|---|---|---|---|',
      '| GET | `/kb` | knowledgeBase:view | a \\| b |',
    ].join('\n');
    const { endpoints, problems } = readEndpointTables(markdown);
    expect(problems).toEqual([]);
    expect(endpoints).toHaveLength(1);
  });

  it('reports unreadable rows by line instead of throwing', () => {
    const markdown = [
      '| Method | Path | Scope |',
      '|---|---|---|',
      '| FETCH | `/kb` | knowledgeBase:view |',
      '| GET | kb | knowledgeBase:view |',
      '| GET | `/kb` | knowledgeBase |',
      '| GET |',
    ].join('\r\n');
    const { endpoints, problems } = readEndpointTables(markdown);
    expect(endpoints).toEqual([]);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^line 3: unknown method/);
  });

  it('treats a table that stops at a blank line as ended', () => {
    const markdown = [
      '| Method | Path | Scope |',
      '|---|---|---|',
      '| GET | `/kb` | knowledgeBase:view |',
      '',
      '| not | a | row |',
    ].join('\n');
    expect(readEndpointTables(markdown).endpoints).toHaveLength(1);
  });

  it('finds the 31 endpoints of the API document, each once', () => {
    const { endpoints, problems } = readEndpointTables(readFileSync(API_DOCUMENT, 'utf8'));
    expect(problems).toEqual([]);
    expect(endpoints).toHaveLength(31);
    expect(new Set(endpoints.map((row) => `${row.method} ${row.path}`)).size).toBe(31);
  });
});
