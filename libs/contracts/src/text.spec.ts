import { createFolderSchema, createUploadSchema } from './files.js';
import { fullNameSchema } from './auth.js';
import { withoutBidiControls } from './text.js';

describe('names people read', () => {
  it('lose the direction controls that disguise one extension as another', () => {
    expect(withoutBidiControls('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(createUploadSchema.parse({ name: ' Q3\u2066\u202e report.exe ', size: 1 }).name).toBe('Q3 report.exe');
    expect(createFolderSchema.parse({ name: '\u200fContracts' }).name).toBe('Contracts');
    expect(fullNameSchema.parse('Ada\u202e Lovelace')).toBe('Ada Lovelace');
  });

  it('keep every other character, right-to-left scripts included', () => {
    expect(createFolderSchema.parse({ name: 'ملفات 2026 – Ü' }).name).toBe('ملفات 2026 – Ü');
  });

  it('still refuse a name made only of controls', () => {
    expect(createFolderSchema.safeParse({ name: '\u202e\u202c' }).success).toBe(false);
  });
});
