import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root.ts';
import { renderAllureSingleFile, withoutAnalytics } from './allure-single-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'allure-single-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ALLURE_CLI = join(PROJECT_ROOT, 'node_modules', 'allure', 'cli.js');

describe('the Allure single file', () => {
  it('loses the tag-manager scripts of the awesome template, and nothing else', () => {
    const page = `<body><div id="app"></div>
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-X', { "report": "awesome" });
    </script>
    <script>window.allureReportData = {}</script></body>`;
    expect(withoutAnalytics(page)).toBe(
      '<body><div id="app"></div>\n    <script>window.allureReportData = {}</script></body>',
    );
  });

  it('names a report directory without allure-results, or with none in it, in one line', () => {
    expect(() => renderAllureSingleFile(join(dir, 'nothing'), ALLURE_CLI)).toThrow(
      /nothing[/\\]allure-results: no allure-results directory \(run the suite first\)$/,
    );
    mkdirSync(join(dir, 'empty', 'allure-results'), { recursive: true });
    writeFileSync(join(dir, 'empty', 'allure-results', 'x-attachment.txt'), 'x');
    expect(() => renderAllureSingleFile(join(dir, 'empty'), ALLURE_CLI)).toThrow(/holds no Allure result/);
  });
});
