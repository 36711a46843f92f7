import type { HttpMethod, Level } from './openapi.ts';

/** One row of an endpoint table of the API document (`| Method | Path | Scope | ... |`). */
export interface EndpointRow {
  method: HttpMethod;
  /** The path as written, relative to `{base_url}`, e.g. `/kb/{kbId}/query`. */
  path: string;
  /** The module named in the scope cell; kept as written so a stray module name is visible. */
  module: string;
  level: Level;
  destructive: boolean;
  /** The documented success status, where the table has a Success column. */
  success: number | undefined;
  /** 1-based line of the row in the Markdown source. */
  line: number;
}

export interface EndpointTables {
  endpoints: EndpointRow[];
  /** Rows of an endpoint table that could not be read, each naming its line. */
  problems: string[];
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const SCOPE = /^([A-Za-z]+):(view|edit|manage)(\s*\(destructive\))?$/;
const DELIMITER_CELL = /^:?-{3,}:?$/;

/** Splits `| a | b \| c |` into `['a', 'b | c']`: pipes escaped with a backslash stay in the cell. */
function splitRow(line: string): string[] {
  let body = line.trim();
  if (body.startsWith('|')) body = body.slice(1);
  if (body.endsWith('|') && !body.endsWith('\\|')) body = body.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\' && body[i + 1] === '|') {
      current += '|';
      i++;
    } else if (char === '|') {
      cells.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  cells.push(current.trim());
  return cells;
}

function isTableLine(line: string): boolean {
  return line.trimStart().startsWith('|');
}

function isDelimiterRow(line: string | undefined): boolean {
  if (line === undefined || !isTableLine(line)) return false;
  const cells = splitRow(line);
  return cells.length > 0 && cells.every((cell) => DELIMITER_CELL.test(cell));
}

function stripCode(cell: string): string {
  return cell.replace(/^`(.*)`$/, '$1').trim();
}

interface Columns {
  method: number;
  path: number;
  scope: number;
  success: number | undefined;
}

/** The column positions when the header names Method, Path and Scope; otherwise not an endpoint table. */
function endpointColumns(header: string[]): Columns | undefined {
  const names = header.map((cell) => cell.toLowerCase());
  const method = names.indexOf('method');
  const path = names.indexOf('path');
  const scope = names.indexOf('scope');
  if (method < 0 || path < 0 || scope < 0) return undefined;
  const success = names.indexOf('success');
  return { method, path, scope, success: success < 0 ? undefined : success };
}

function readRow(cells: string[], columns: Columns, line: number): EndpointRow | string {
  const method = (cells[columns.method] ?? '').toUpperCase();
  const path = stripCode(cells[columns.path] ?? '');
  const scope = (cells[columns.scope] ?? '').trim();
  if (!(METHODS as readonly string[]).includes(method)) return `line ${line}: unknown method "${method}"`;
  if (!path.startsWith('/')) return `line ${line}: path "${path}" does not start with /`;
  const match = SCOPE.exec(scope);
  if (!match) return `line ${line}: scope "${scope}" is not module:level with an optional (destructive)`;
  let success: number | undefined;
  if (columns.success !== undefined) {
    const text = (cells[columns.success] ?? '').trim();
    if (!/^\d{3}$/.test(text)) return `line ${line}: success "${text}" is not an HTTP status`;
    success = Number(text);
  }
  return {
    method: method as HttpMethod,
    path,
    module: match[1] ?? '',
    level: match[2] as Level,
    destructive: match[3] !== undefined,
    success,
    line,
  };
}

/**
 * Reads every endpoint table of the API document: the Markdown tables whose header names Method,
 * Path and Scope (and optionally Success). Other tables and fenced code are ignored. Never throws:
 * a row that cannot be read is reported in `problems`.
 */
export function readEndpointTables(markdown: string): EndpointTables {
  const lines = markdown.split(/\r?\n/);
  const endpoints: EndpointRow[] = [];
  const problems: string[] = [];
  let inFence = false;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      i++;
      continue;
    }
    const columns =
      !inFence && isTableLine(line) && isDelimiterRow(lines[i + 1])
        ? endpointColumns(splitRow(line))
        : undefined;
    if (!columns) {
      i++;
      continue;
    }
    i += 2;
    while (i < lines.length && isTableLine(lines[i] ?? '')) {
      const row = readRow(splitRow(lines[i] ?? ''), columns, i + 1);
      if (typeof row === 'string') problems.push(row);
      else endpoints.push(row);
      i++;
    }
  }
  return { endpoints, problems };
}
