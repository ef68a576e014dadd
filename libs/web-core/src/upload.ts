/**
 * `@coffer/web-core/upload`: sending bytes straight to a presigned storage URL
 * with progress (files and avatars), and big files' parts in parallel, resumable. Plain functions, not a shared singleton:
 * each app bundles it only if it uploads.
 */
export { putBytes, UploadTransferError } from './upload/put-bytes';
export { sendParts, type PartUrl, type SendPartsOptions } from './upload/send-parts';
