import { statfs } from 'node:fs/promises';

/** What the log and health say when a write failed for want of space. */
export const NO_SPACE_LEFT = 'no space left on device';

/** Below this much free space in an embedded data directory, a service reports itself degraded before writes fail. */
const LOW_SPACE_BYTES = 16 * 1024 * 1024;

/** How long after a write failed for want of space health keeps saying so (space may be freed meanwhile). */
const REMEMBER_MS = 60_000;

/**
 * Whether `err` is a full disk: ENOSPC from the file system (Node, PGlite's file system: errno 51,
 * S3 writes), PostgreSQL's disk_full (53100), or a message that says so.
 */
export function isNoSpaceError(err: unknown): boolean {
  return noSpaceReason(err) !== undefined;
}

/** What said the disk is full, in `err` or its causes (a query error wraps the database's): its message, or undefined. */
export function noSpaceReason(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, Code, name, errno } = e as { code?: unknown; message?: unknown; Code?: unknown; name?: unknown; errno?: unknown };
    const text = typeof message === 'string' && message ? message : NO_SPACE_LEFT;
    if (code === 'ENOSPC' || code === '53100' || Code === 'XMinioStorageFull') return text;
    // PGlite's own file system (Emscripten) says ENOSPC as errno 51.
    if (name === 'ErrnoError' && errno === 51) return text;
    if (typeof message === 'string' && /no space left on device|disk full|storage full/i.test(message)) return text;
  }
  return undefined;
}

/** The last time this process saw a write fail for want of space. */
let lastNoSpaceAt: number | undefined;

/** Records a failure if it was a full disk; returns whether it was. */
export function noteStorageFailure(err: unknown): boolean {
  if (!isNoSpaceError(err)) return false;
  lastNoSpaceAt = Date.now();
  return true;
}

/**
 * Why this process cannot store what it is asked to right now, or undefined: a write failed for want
 * of space within the last minute, or the embedded data directory `dir` (when given) is all but full.
 */
export async function storageProblem(dir?: string): Promise<string | undefined> {
  if (lastNoSpaceAt !== undefined && Date.now() - lastNoSpaceAt < REMEMBER_MS) return NO_SPACE_LEFT;
  if (!dir) return undefined;
  const space = await statfs(dir).catch(() => undefined);
  if (space && space.bavail * space.bsize < LOW_SPACE_BYTES) return `${NO_SPACE_LEFT} (${dir}: ${Math.floor((space.bavail * space.bsize) / 1024)} KB free)`;
  return undefined;
}
