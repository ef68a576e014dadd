import { singleByteRange } from '@coffer/contracts';
import { downloadPolicy } from './share-downloads.controller.js';

describe('singleByteRange', () => {
  it.each([
    ['bytes=0-', { start: 0 }],
    ['bytes=2000000-2000099', { start: 2000000, end: 2000099 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
    ['bytes=-10', { suffix: 10 }],
  ])('reads the one range %j as %j', (asked, passed) => {
    expect(singleByteRange(asked)).toEqual(passed);
  });

  it.each([undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=9-3', 'bytes=-0', 'bytes=-', 'bytes=a-b', `bytes=${'9'.repeat(16)}-`, 'bytes=0-\n1'])(
    'reads %j whole',
    (asked) => {
      expect(singleByteRange(asked)).toBeUndefined();
    },
  );
});

describe('downloadPolicy', () => {
  it('sandboxes everything but a PDF', () => {
    expect(downloadPolicy('image/svg+xml')).toContain('sandbox');
    expect(downloadPolicy(null)).toContain('sandbox');
    expect(downloadPolicy('application/pdf')).not.toContain('sandbox');
  });
});
