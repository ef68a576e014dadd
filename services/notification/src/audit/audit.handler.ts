import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuditSubject, BillingEvent, type DomainEvents } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { AUDITED, type Describe } from './audit-entries.js';
import { AuditService } from './audit.service.js';

/** The events the audit log keeps (and the plans it needs), and its one request. */
@Controller()
export class AuditHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(BillingEvent.SubscriptionChanged, (event) => this.audit.planChanged(event));
    for (const type of Object.keys(AUDITED) as (keyof DomainEvents)[]) this.audited(type);

    this.rpc.handle(AuditSubject.ListAuditLogs, ({ caller, payload: query }) => this.audit.list(caller, query));
  }

  private audited<E extends keyof DomainEvents>(type: E) {
    const describe = AUDITED[type] as Describe<E>;
    this.bus.on(type, async (event) => {
      const fact = describe(event);
      if (fact) await this.audit.record(event, fact);
    });
  }
}
