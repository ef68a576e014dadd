import { Controller, Get, Header, Inject, NotFoundException, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { listCapturedMailReplySchema, NotificationSubject } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidParams, ValidQuery, type Valid } from '../api/validation.js';
import { Public } from '../identity/caller.js';
import { DevKeyGuard } from './dev-key.guard.js';

const mailParams = z.object({ id: z.string().max(200) });
/** `to`: only the emails to that address (a test's or a developer's look-up); `key`: the DEV_KEY, from a browser. */
const mailQuery = z.object({ to: z.string().max(320).optional(), key: z.string().max(200).optional() });
const keyQuery = mailQuery.pick({ key: true });

/**
 * /dev/mail: the emails the embedded default captured instead of sending.
 * Registered only outside production, and only for the holder of the run's DEV_KEY (see AppModule).
 */
@Controller('dev/mail')
@UseGuards(DevKeyGuard)
export class DevMailController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Get()
  @ApiDoc({ summary: 'Development only: the emails captured instead of sent', reply: listCapturedMailReplySchema })
  list(@ValidQuery(mailQuery) query: Valid<typeof mailQuery>) {
    return this.services.request(NotificationSubject.ListCapturedMail, { to: query.to });
  }

  /** One captured email's HTML, as its recipient would see it. */
  @Public()
  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
  @ApiDoc({ summary: "Development only: one captured email's HTML", contentType: 'text/html' })
  async show(@ValidParams(mailParams) params: { id: string }, @ValidQuery(keyQuery) _query: Valid<typeof keyQuery>): Promise<string> {
    const { items } = await this.services.request(NotificationSubject.ListCapturedMail, { id: params.id });
    const mail = items[0];
    if (!mail) throw new NotFoundException('No captured email with that id');
    return mail.html;
  }
}
