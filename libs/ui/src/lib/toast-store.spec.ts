import { jest } from '@jest/globals';
import { dismissToast, getToasts, toast, TOAST_LIMIT } from './toast-store';

describe('toast()', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    dismissToast();
    jest.runAllTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('shows a toast with its title, description and variant', () => {
    toast({ variant: 'destructive', title: 'Failed to load files', description: 'Try again' });
    expect(getToasts()).toEqual([expect.objectContaining({ open: true, variant: 'destructive', title: 'Failed to load files', description: 'Try again' })]);
  });

  it('closes a dismissed toast, and removes it once its exit animation had time to run', () => {
    const shown = toast({ title: 'Folder created successfully' });
    shown.dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    jest.advanceTimersByTime(1000);
    expect(getToasts()).toEqual([]);
  });

  it(`keeps at most ${TOAST_LIMIT} on screen, pushing the oldest out`, () => {
    const titles = ['one', 'two', 'three', 'four'];
    for (const title of titles) toast({ title });
    expect(getToasts().map((t) => t.title)).toEqual(titles.slice(-TOAST_LIMIT));
  });

  it('updates a toast in place', () => {
    const shown = toast({ title: 'Uploading…' });
    shown.update({ title: '2 file(s) uploaded successfully' });
    expect(getToasts()).toEqual([expect.objectContaining({ id: shown.id, title: '2 file(s) uploaded successfully' })]);
  });
});
