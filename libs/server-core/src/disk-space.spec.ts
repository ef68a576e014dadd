import { isNoSpaceError } from './disk-space.js';

describe('a full disk is recognised', () => {
  it('from the file system, PostgreSQL, PGlite and a query error wrapping them', () => {
    expect(isNoSpaceError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(true);
    const disk = Object.assign(new Error('could not extend file "base/5/16404": No space left on device'), { code: '53100' });
    expect(isNoSpaceError(new Error('Failed query: insert into outbox', { cause: disk }))).toBe(true);
    expect(isNoSpaceError({ name: 'ErrnoError', errno: 51 })).toBe(true);
  });

  it('and nothing else', () => {
    expect(isNoSpaceError(new Error('Failed query', { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) }))).toBe(false);
    expect(isNoSpaceError({ name: 'ErrnoError', errno: 44 })).toBe(false);
    expect(isNoSpaceError(undefined)).toBe(false);
  });
});
