import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../http/redact.ts';

/**
 * A last pass over every report file: reporters we do not own (JUnit, Allure) write test titles,
 * errors and attachments, and no key may survive in any of them.
 */
export function redactReportFiles(dir: string, redact: Redactor): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      redactReportFiles(path, redact);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const clean = redact(text);
    if (clean !== text) writeFileSync(path, clean);
  }
}
