import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** An error of the API, whatever form it reached the UI in. */
export interface ApiError {
  /** The HTTP status, or null when the server was not reached. */
  status: number | null;
  /** The error code of the body (`INVALID_CREDENTIALS`…), when there is one. */
  code: string | null;
  /** The text the server wants shown, when there is one. */
  message: string | null;
}

/** What the browser says when the request never got an answer. */
export const NETWORK_ERROR_MESSAGE = 'Coffer could not be reached. Please check your connection and try again.';

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function bodyField(data: unknown, field: 'code' | 'message'): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = (data as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Reads the API's error shape `{ statusCode, code, message, correlationId }` out of
 * an RTK Query error (or anything thrown), so the UI can pick its toast by code.
 */
export function toApiError(error: unknown): ApiError {
  if (isFetchBaseQueryError(error)) {
    if (typeof error.status === 'number') {
      return { status: error.status, code: bodyField(error.data, 'code'), message: bodyField(error.data, 'message') };
    }
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') {
      return { status: null, code: null, message: NETWORK_ERROR_MESSAGE };
    }
    // PARSING_ERROR: an answer that was not JSON (a proxy's HTML error page, say).
    return { status: 'originalStatus' in error ? error.originalStatus : null, code: null, message: null };
  }
  const message = (error as SerializedError | undefined)?.message;
  return { status: null, code: null, message: typeof message === 'string' && message !== '' ? message : null };
}
