import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuditSubject, BillingEvent, type CallerIdentity, type DomainEvents, type ReceivedPayload } from '@coffer/contracts';
import { Caller, EventBus, Handles, Received } from '@coffer/server-core';
import { AUDITED, type Describe } from './audit-entries.js';
import { AuditService } from './audit.service.js';

/** The events the audit log keeps (and the plans it needs), and its one request. */
@Controller()
export class AuditHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  onModuleInit() {
    this.bus.on(BillingEvent.SubscriptionChanged, (event) => this.audit.planChanged(event));
    for (const type of Object.keys(AUDITED) as (keyof DomainEvents)[]) this.audited(type);
  }

  private audited<E extends keyof DomainEvents>(type: E) {
    const describe = AUDITED[type] as Describe<E>;
    this.bus.on(type, async (event) => {
      const fact = describe(event);
      if (fact) await this.audit.record(event, fact);
    });
  }

  @Handles(AuditSubject.ListAuditLogs)
  list(@Caller() caller: CallerIdentity, @Received() query: ReceivedPayload<typeof AuditSubject.ListAuditLogs>) {
    return this.audit.list(caller, query);
  }
}
