import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { CapturedMail } from '@coffer/contracts';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { NotificationConfig } from '../config.js';
import type { RenderedEmail } from './templates.js';

/** The Message-ID of the email `id` (`<event id>:<template>`): the same for every attempt. */
export const messageIdOf = (id: string) => `<${createHash('sha256').update(id).digest('hex').slice(0, 32)}@coffer.mail>`;

/**
 * Sends email over SMTP (SMTP_URL), or, in the embedded default, writes each
 * message to DATA_DIR/mail as an .eml with a JSON summary beside it.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;
  readonly capturing: boolean;
  private readonly mailDir: string;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: NotificationConfig) {
    this.capturing = !config.SMTP_URL;
    this.mailDir = join(config.DATA_DIR, 'mail');
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : nodemailer.createTransport({ streamTransport: true, buffer: true });
  }

  /**
   * Sends one email; throws when the SMTP server refuses it (the event is then
   * retried). Its Message-ID comes from `id` (the event and the template): if a
   * crash between sending and recording sends it again, it is the same message,
   * which mail servers and clients show once.
   */
  async send(id: string, to: string, email: RenderedEmail): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: messageIdOf(id),
    });
    if (this.capturing) await this.capture(id, to, email, (info as unknown as { message: Buffer }).message);
    this.logger.log({ msg: 'Email sent', emailId: id, captured: this.capturing });
  }

  private async capture(id: string, to: string, email: RenderedEmail, raw: Buffer) {
    await mkdir(this.mailDir, { recursive: true });
    const sentAt = new Date().toISOString();
    const base = `${sentAt.replace(/[:.]/g, '-')}-${id.replace(/[^a-zA-Z0-9-]/g, '_')}`;
    await writeFile(join(this.mailDir, `${base}.eml`), raw);
    const summary: CapturedMail = { id, to, subject: email.subject, sentAt, text: email.text, html: email.html };
    await writeFile(join(this.mailDir, `${base}.json`), JSON.stringify(summary));
  }

  private async summaries(): Promise<{ base: string; mail: CapturedMail }[]> {
    const files = (await readdir(this.mailDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    return Promise.all(
      files.map(async (f) => ({ base: f.slice(0, -'.json'.length), mail: JSON.parse(await readFile(join(this.mailDir, f), 'utf8')) as CapturedMail })),
    );
  }

  /** The captured emails, newest first (development only). */
  async captured(): Promise<CapturedMail[]> {
    return (await this.summaries()).map((s) => s.mail);
  }

  /** Removes the captured emails sent to `to` before `before` (a deleted user's). */
  async forget(to: string, before: Date): Promise<void> {
    if (!this.capturing) return;
    const theirs = (await this.summaries()).filter(({ mail }) => mail.to.toLowerCase() === to.toLowerCase() && new Date(mail.sentAt) <= before);
    for (const { base } of theirs) {
      await rm(join(this.mailDir, `${base}.json`), { force: true });
      await rm(join(this.mailDir, `${base}.eml`), { force: true });
    }
  }
}
