import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { BillingConfig } from '../config.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Ends trials past their date on every replica's timer; the advisory lock lets only one of them work at a time. */
@Injectable()
export class TrialExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TrialExpiry.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
  ) {}

  onApplicationBootstrap() {
    void this.run();
    this.timer = setInterval(() => void this.run(), this.config.BILLING_TRIAL_EXPIRY_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  async run() {
    try {
      const ended = await this.subscriptions.endTrials();
      if (ended) this.logger.log({ msg: 'Ended trials past their end date', ended });
    } catch (err) {
      this.logger.warn({ msg: 'Trial expiry failed; it will run again', error: String(err) });
    }
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }
}
