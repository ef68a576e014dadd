import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, AuditSubject, AuthEvent, BillingEvent, type CallerIdentity, type DomainEvents, type ReceivedPayload } from '@coffer/contracts';
import { Caller, EventBus, Handles, Received } from '@coffer/server-core';
import { AUDITED, type Describe } from './audit-entries.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

/** The events the audit log keeps (and the plans and names it needs), and its one request. */
@Controller()
export class AuditHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(AuditRepository) private readonly repository: AuditRepository,
  ) {}

  onModuleInit() {
    this.bus.on(BillingEvent.SubscriptionChanged, (event, tx) => this.audit.planChanged(tx, event));
    this.bus.on(AuthEvent.UserRegistered, (event, tx) => this.repository.savePerson(tx, event.payload));
    this.bus.on(AccountEvent.MembershipChanged, (event, tx) => this.repository.savePerson(tx, event.payload));
    for (const type of Object.keys(AUDITED) as (keyof DomainEvents)[]) this.audited(type);
  }

  private audited<E extends keyof DomainEvents>(type: E) {
    const describe = AUDITED[type] as Describe<E>;
    this.bus.on(type, async (event, tx) => {
      const fact = describe(event);
      if (fact) await this.audit.record(tx, event, fact);
    });
  }

  @Handles(AuditSubject.ListAuditLogs)
  list(@Caller() caller: CallerIdentity, @Received(AuditSubject.ListAuditLogs) query: ReceivedPayload<typeof AuditSubject.ListAuditLogs>) {
    return this.audit.list(caller, query);
  }
}
