import { Controller, Get, Inject, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { listCapturedMailReplySchema, NotificationSubject } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidParams } from '../api/validation.js';
import { Public } from '../identity/caller.js';

const mailParams = z.object({ id: z.string().max(200) });

/**
 * /dev/mail: the emails the embedded default captured instead of sending.
 * Registered only outside production (see AppModule).
 */
@Controller('dev/mail')
export class DevMailController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Get()
  @ApiDoc({ summary: 'Development only: the emails captured instead of sent', reply: listCapturedMailReplySchema })
  list() {
    return this.services.request(NotificationSubject.ListCapturedMail, {});
  }

  /** One captured email's HTML, as its recipient would see it. */
  @Public()
  @Get(':id')
  @ApiDoc({ summary: "Development only: one captured email's HTML", contentType: 'text/html' })
  async show(@ValidParams(mailParams) params: { id: string }, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { items } = await this.list();
    const mail = items.find((m) => m.id === params.id);
    if (!mail) throw new NotFoundException('No captured email with that id');
    // Set here, not with @Header: a refusal must keep the one JSON error shape.
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    return mail.html;
  }
}
