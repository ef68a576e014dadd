import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { BrandingService } from './branding.service.js';

/** The account's branding, forwarded to BrandingService. */
@Controller()
export class BrandingHandler {
  constructor(@Inject(BrandingService) private readonly branding: BrandingService) {}

  @Handles(AccountSubject.GetBranding)
  get(@Caller() caller: CallerIdentity) {
    return this.branding.get(caller);
  }

  @Handles(AccountSubject.UpdateBranding)
  update(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.UpdateBranding>) {
    return this.branding.update(caller, p);
  }
}
