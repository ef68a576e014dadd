import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Headers, Inject, Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode, shareTicketParamsSchema, SharingSubject, singleByteRange, type RequestMeta } from '@coffer/contracts';
import { rpcError, ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidParams, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';

/** The object's headers a download passes on to the browser. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'content-disposition', 'last-modified'] as const;

/**
 * What a shared file may do once open in the browser: nothing but show itself, and be framed only by
 * Coffer's own preview. Everything but a PDF is also sandboxed (Chromium's PDF viewer refuses to run sandboxed).
 */
export function downloadPolicy(contentType: string | null): string {
  const policy = ["default-src 'none'", "img-src 'self'", "media-src 'self'", "style-src 'unsafe-inline'", "frame-ancestors 'self'"];
  if (!contentType?.toLowerCase().startsWith('application/pdf')) policy.push('sandbox');
  return policy.join('; ');
}

/** Streams a stored object to the browser (a byte range of it for a View), passing on its headers and the download policy. */
export async function sendStored(
  url: string,
  range: string | undefined,
  disposition: 'inline' | 'attachment',
  res: Response,
  onSent: (bytes: number) => void,
  logger: Logger,
  /** Whether the answer says it takes byte ranges (a View's does; a link's Download does too). */
  acceptRanges = disposition === 'inline',
): Promise<void> {
  const abort = new AbortController();
  res.once('close', () => abort.abort());
  const stored = await fetch(url, { signal: abort.signal, headers: range ? { range } : {} }).catch((err: unknown) => {
    logger.warn({ msg: 'Storage did not answer a share download', error: String(err) });
    return undefined;
  });
  const ranges = acceptRanges ? 'bytes' : 'none';
  if (stored?.status === 416) {
    await stored.body?.cancel();
    res.status(416).setHeader('accept-ranges', ranges);
    const unsatisfied = stored.headers.get('content-range');
    if (unsatisfied) res.setHeader('content-range', unsatisfied);
    res.end();
    return;
  }
  if (!stored?.ok || !stored.body) {
    await stored?.body?.cancel();
    if (stored) logger.warn({ msg: 'Storage refused a share download', status: stored.status });
    throw rpcError(ErrorCode.ServiceUnavailable, 503, 'The file could not be read just now. Please try again.');
  }
  res.status(stored.status === 206 && range ? 206 : 200);
  for (const name of PASSED_HEADERS) {
    const value = stored.headers.get(name);
    if (value && (name !== 'content-range' || range)) res.setHeader(name, value);
  }
  res.setHeader('content-security-policy', downloadPolicy(stored.headers.get('content-type')));
  res.setHeader('accept-ranges', ranges);
  try {
    await pipeline(
      Readable.fromWeb(stored.body as import('node:stream/web').ReadableStream),
      async function* count(chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          onSent(chunk.length);
          yield chunk;
        }
      },
      res,
    );
  } catch (err) {
    // The browser went away or storage broke off: the response is already under way, so it is cut short.
    if (!abort.signal.aborted) logger.warn({ msg: 'A share download stopped part way', error: String(err) });
    res.destroy();
  }
}

/**
 * A share's bytes, for the browser that holds a download ticket (GET /api/shares/:id/link). The sharing
 * service checks the ticket and the share again, then the gateway streams the file from storage:
 * the storage URL never reaches the browser, so every download is one counted, checked open. A View's
 * player reads in ranges (to play from any point), each read checked again and all of them together
 * never more than the View's byte budget (about one copy); read whole, a View is one read.
 */
@Controller('share-downloads')
export class ShareDownloadsController {
  private readonly logger = new Logger(ShareDownloadsController.name);

  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Get(':ticket')
  @ApiDoc({
    summary:
      "A shared file's bytes, for a download ticket from GET /shares/{id}/link, from the address that asked for it, used within 60 s: a Download's once; a View's (disposition=inline) once read whole, or as long as its player reads a byte range (Range) at a time, all its reads together at most the file and a quarter (a read past that is cut short, then refused with 403)",
    contentType: 'application/octet-stream',
  })
  async download(
    @Meta() meta: RequestMeta,
    @ValidParams(shareTicketParamsSchema) params: Valid<typeof shareTicketParamsSchema>,
    @Headers('range') rangeHeader: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { url, disposition, read } = await this.services.request(
      SharingSubject.RedeemShareTicket,
      { ticket: params.ticket, range: singleByteRange(rangeHeader) },
      meta,
    );
    const range = disposition === 'inline' ? read?.range : undefined;
    // What of a View's granted read was sent: the rest goes back to the View, however the read ends.
    let sent = 0;
    try {
      await sendStored(url, range, disposition, res, (bytes) => (sent += bytes), this.logger);
    } finally {
      if (read && read.bytes > sent) this.returnUnread(params.ticket, read.bytes - sent, meta);
    }
  }

  /** Gives a View back what it was granted and not sent; on failure the View just has less left (never more). */
  private returnUnread(ticket: string, bytes: number, meta: RequestMeta) {
    this.services.request(SharingSubject.ReturnUnreadBytes, { ticket, bytes }, meta).catch((err: unknown) => {
      this.logger.warn({ msg: 'A View could not be given back its unsent bytes', error: String(err) });
    });
  }
}
