import { describe, it, expect } from 'vitest';
import { detectUploadKind, extractFileText } from './file-text.ts';

describe('detectUploadKind', () => {
  it.each([
    ['report.pdf', 'application/octet-stream', 'pdf'],
    ['REPORT.PDF', '', 'pdf'],
    ['letter.docx', 'application/octet-stream', 'docx'],
    ['notes.txt', 'application/octet-stream', 'txt'],
    ['README.md', 'text/plain', 'md'],
    ['guide.markdown', '', 'md'],
    ['no-extension', 'application/pdf', 'pdf'],
    ['no-extension', 'text/markdown; charset=utf-8', 'md'],
  ])('%s sent as %s is %s', (filename, mimeType, kind) => {
    expect(detectUploadKind(filename, mimeType)).toBe(kind);
  });

  it.each([
    ['photo.png', 'image/png'],
    ['legacy.doc', 'application/msword'],
    ['sheet.xlsx', 'application/octet-stream'],
    ['looks.pdf.exe', 'application/pdf'],
    ['constructor', 'application/x-unknown'],
    ['x.constructor', 'text/plain'],
  ])('%s (%s) is not an accepted type', (filename, mimeType) => {
    expect(detectUploadKind(filename, mimeType)).toBeUndefined();
  });
});

describe('extractFileText', () => {
  it('decodes TXT and MD as UTF-8, dropping a byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Grüße # heading')]);
    await expect(extractFileText('md', bytes)).resolves.toBe('Grüße # heading');
  });

  it('refuses a "PDF" that is not one', async () => {
    await expect(extractFileText('pdf', Buffer.from('hello'))).rejects.toThrow(/not a PDF/);
  });

  it('refuses a damaged PDF and a "DOCX" that is not a zip', async () => {
    await expect(extractFileText('pdf', Buffer.from('%PDF-1.7\ngarbage'))).rejects.toThrow(/PDF/);
    await expect(extractFileText('docx', Buffer.from('not a zip'))).rejects.toThrow(/DOCX/);
  });
});
