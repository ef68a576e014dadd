import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, EmailVerified, UserRegistered } from '@coffer/contracts';
import type { Database } from '@coffer/server-core';
import { PeopleRepository } from './people.repository.js';

/** Keeps who the Coffer users are in step with auth's events: names for emails, and whose address is confirmed. */
@Injectable()
export class PeopleService {
  constructor(@Inject(PeopleRepository) private readonly people: PeopleRepository) {}

  registered(tx: Database, { payload }: DomainEvent<UserRegistered>) {
    return this.people.remember(tx, { userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }

  emailVerified(tx: Database, { payload }: DomainEvent<EmailVerified>) {
    return this.people.remember(tx, { userId: payload.userId, email: payload.email, emailConfirmed: true });
  }
}
