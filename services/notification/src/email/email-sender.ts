import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EmailRepository, type QueuedEmail } from './email.repository.js';
import { Mailer } from './mailer.js';

/** How often the outbox is looked at for emails due. */
const POLL_MS = 300;
/** Emails claimed at a time, sent in parallel. */
const BATCH = 10;
/** How long a claim holds: an email whose sender crashed is sent again once it runs out. */
const LEASE_SECONDS = 60;
/** The longest wait before a refused email is tried again. */
const MAX_RETRY_SECONDS = 300;

/**
 * Sends the email outbox: each email was recorded in the transaction of the event that asked for it,
 * and is sent here after that commits, claimed first so that two replicas never send the same one.
 * A crash while handling an event sends nothing (the event is handled again, its emails recorded once);
 * a refusal by the mail server is retried with a growing wait, and a crash in the instant between the
 * mail server's acceptance and the record of it sends it again under the same Message-ID.
 */
@Injectable()
export class EmailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EmailSender.name);
  private timer?: NodeJS.Timeout;
  private sending?: Promise<void>;
  private stopped = false;

  constructor(
    @Inject(EmailRepository) private readonly emails: EmailRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.wake();
  }

  /** Sends what is due, unless a round is already under way. */
  wake() {
    if (this.stopped || this.sending) return;
    this.sending = this.sendDue()
      .catch((err) => this.logger.warn({ msg: 'The email outbox could not be read; it will be tried again', error: String(err) }))
      .finally(() => (this.sending = undefined));
  }

  private async sendDue() {
    for (;;) {
      const due = await this.emails.claim(BATCH, LEASE_SECONDS);
      if (due.length === 0 || this.stopped) return;
      await Promise.all(due.map((email) => this.deliver(email)));
    }
  }

  private async deliver(email: QueuedEmail) {
    try {
      await this.mailer.send(email.id, email.recipient, { subject: email.subject, html: email.html ?? '', text: email.text ?? '' });
    } catch (err) {
      const wait = Math.min(MAX_RETRY_SECONDS, 2 ** email.attempts);
      this.logger.warn({
        msg: 'The mail server refused an email; it will be tried again',
        emailId: email.id,
        attempt: email.attempts,
        retryInSeconds: wait,
        error: String(err),
      });
      await this.emails.retryAfter(email.id, wait);
      return;
    }
    await this.emails.markSent(email.id);
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.sending;
  }
}
