import { displayTypeOf, folderSubtitle } from './file-types';

const file = (mimeType: string) => ({ isFolder: false, mimeType });

describe('displayTypeOf', () => {
  it('names the five display types', () => {
    expect(displayTypeOf({ isFolder: true, mimeType: 'folder' })).toBe('folder');
    expect(displayTypeOf(file('image/png'))).toBe('image');
    expect(displayTypeOf(file('application/pdf'))).toBe('document');
    expect(displayTypeOf(file('text/plain'))).toBe('document');
    expect(displayTypeOf(file('application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toBe('document');
    expect(displayTypeOf(file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe('spreadsheet');
    expect(displayTypeOf(file('text/csv'))).toBe('spreadsheet');
    expect(displayTypeOf(file('application/zip'))).toBe('file');
    expect(displayTypeOf(file('application/octet-stream'))).toBe('file');
  });
});

describe('folderSubtitle', () => {
  it('counts files and folders, or says Empty', () => {
    expect(folderSubtitle({ fileCount: 0, folderCount: 0 })).toBe('Empty');
    expect(folderSubtitle({})).toBe('Empty');
    expect(folderSubtitle({ fileCount: 1, folderCount: 0 })).toBe('1 file(s), 0 folder(s)');
    expect(folderSubtitle({ fileCount: 2, folderCount: 1 })).toBe('2 file(s), 1 folder(s)');
  });
});
