import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent } from '@coffer/contracts';
import type { Database } from '@coffer/server-core';
import { EmailRepository } from './email.repository.js';
import { Mailer } from './mailer.js';
import { renderEmail, type EmailTemplates, type TemplateName } from './templates.js';

/** Sends the emails that events ask for, each at most once per event. */
@Injectable()
export class EmailService {
  constructor(
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EmailRepository) private readonly emails: EmailRepository,
  ) {}

  async sendFor<N extends TemplateName>(event: DomainEvent<unknown>, tx: Database, to: string, name: N, data: EmailTemplates[N]) {
    const id = `${event.id}:${name}`;
    if (await this.emails.wasSent(tx, id)) return;
    const rendered = renderEmail(name, data);
    await this.mailer.send(id, to, rendered);
    await this.emails.recordSent(tx, { id, recipient: to, template: name, subject: rendered.subject, attempts: 1 });
  }
}
