import { AVATAR_MAX_BYTES, AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE, AVATAR_TYPES } from '@coffer/contracts';

/** Spec §9: what the browser says of a chosen picture before uploading it (the server checks the bytes again). */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_NOT_AN_IMAGE;
  if (file.size >= AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  if (file.size === 0) return AVATAR_NOT_AN_IMAGE;
  return null;
}
