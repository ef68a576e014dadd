import { z } from 'zod';

// NUL cannot be stored in PostgreSQL text, and a lone surrogate is not text at all:
// both are refused where they arrive instead of failing deep inside a service.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string holds a NUL character or a lone UTF-16 surrogate. */
export const hasUnstorableCharacters = (value: string): boolean => UNSTORABLE.test(value);

/** A string that PostgreSQL can store and every client can show. */
export const text = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .refine((v) => !hasUnstorableCharacters(v), { error: message ?? 'Text contains characters that are not allowed' });

/**
 * Unicode's direction controls (embeddings, overrides, isolates, marks): in a
 * name they can make `invoice‮fdp.exe` read as `invoiceexe.pdf`.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const withoutBidiControls = (value: string) => value.replace(BIDI_CONTROLS, '');

/** A name people read (a file, a folder, a person, a company): text without direction controls. */
export const nameText = (message?: string) => text(message).overwrite(withoutBidiControls);

/** An ISO 8601 date and time, as every reply carries them. */
export const isoDateTime = () => z.iso.datetime({ offset: true });

/** The reply of a command that answers nothing but its success. */
export const okReplySchema = z.object({ ok: z.literal(true) });
export type OkReply = z.output<typeof okReplySchema>;
export const OK: OkReply = { ok: true };
