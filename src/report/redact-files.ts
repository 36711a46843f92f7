import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Redactor } from '../http/redact.ts';
import { redactJsonText, redactXml } from './redact-structured.ts';

/**
 * The file's content redacted in a way its format survives; undefined for a binary file, which no
 * byte-wise replacement could keep intact (the suite attaches none).
 */
function redactContent(path: string, content: Buffer, redact: Redactor): string | undefined {
  if (content.includes(0)) return undefined;
  const text = content.toString('utf8');
  switch (extname(path).toLowerCase()) {
    case '.json':
      return redactJsonText(text, redact);
    case '.xml':
      return redactXml(text, redact);
    default:
      return redact(text);
  }
}

/**
 * A last pass over the report files this run's reporters wrote (JUnit, Allure: reporters we do not
 * own write test titles, errors and attachments, and no secret may survive in any of them). Only
 * the paths given are touched (a directory: every file under it), never anything else in the
 * report directory. Our own reports are redacted before they are serialised and need no pass.
 */
export function redactWrittenFiles(paths: readonly string[], redact: Redactor): void {
  for (const path of paths) {
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) {
      redactWrittenFiles(
        readdirSync(path).map((entry) => join(path, entry)),
        redact,
      );
      continue;
    }
    const content = readFileSync(path);
    const clean = redactContent(path, content, redact);
    if (clean !== undefined && clean !== content.toString('utf8')) writeFileSync(path, clean);
  }
}
