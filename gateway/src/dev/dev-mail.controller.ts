import { Controller, Get, Header, Inject, NotFoundException, Param } from '@nestjs/common';
import { NotificationSubject, type ListCapturedMailReply } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { Public } from '../identity/caller.js';

/**
 * /dev/mail: the emails the embedded default captured instead of sending.
 * Registered only outside production (see AppModule).
 */
@Controller('dev/mail')
export class DevMailController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Public()
  @Get()
  list(): Promise<ListCapturedMailReply> {
    return this.services.request(NotificationSubject.ListCapturedMail, {});
  }

  /** One captured email's HTML, as its recipient would see it. */
  @Public()
  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
  async show(@Param('id') id: string): Promise<string> {
    const { items } = await this.list();
    const mail = items.find((m) => m.id === id);
    if (!mail) throw new NotFoundException('No captured email with that id');
    return mail.html;
  }
}
