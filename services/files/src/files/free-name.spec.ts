import { freeName } from './free-name.js';

describe('freeName', () => {
  it('keeps a name nobody in the folder has', () => {
    expect(freeName('Report.pdf', ['Notes.txt'])).toBe('Report.pdf');
  });

  it('adds (1), (2)… before the extension, whatever the case of the names already there', () => {
    expect(freeName('Report.pdf', ['report.PDF'])).toBe('Report (1).pdf');
    expect(freeName('Report.pdf', ['Report.pdf', 'Report (1).pdf', 'report (2).pdf'])).toBe('Report (3).pdf');
  });

  it('treats only the last dot as the extension, and a leading dot or none as no extension', () => {
    expect(freeName('archive.tar.gz', ['archive.tar.gz'])).toBe('archive.tar (1).gz');
    expect(freeName('.env', ['.env'])).toBe('.env (1)');
    expect(freeName('Minutes', ['Minutes'])).toBe('Minutes (1)');
  });
});
