import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  AuthEvent,
  createShareSchema,
  FilesEvent,
  listSharesSchema,
  shareIdSchema,
  shareLinkSchema,
  SharingSubject,
  type CallerIdentity,
  type EmailVerified,
  type FileChanged,
  type UserRegistered,
} from '@coffer/contracts';
import { Caller, EventBus, ZodPayloadPipe } from '@coffer/server-core';
import { SharesService } from './shares.service.js';

const pipe = <S extends z.ZodType>(schema: S) => new ZodPayloadPipe(schema);

/** NATS requests and domain events of the sharing service, forwarded to SharesService. */
@Controller()
export class SharesHandler implements OnModuleInit {
  constructor(
    @Inject(SharesService) private readonly shares: SharesService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on<UserRegistered>(AuthEvent.UserRegistered, (event, tx) =>
      this.shares.rememberPerson(tx, { userId: event.payload.userId, email: event.payload.email, fullName: event.payload.fullName }),
    );
    this.bus.on<EmailVerified>(AuthEvent.EmailVerified, (event, tx) =>
      this.shares.rememberPerson(tx, { userId: event.payload.userId, email: event.payload.email, emailConfirmed: true }),
    );
    this.bus.on<FileChanged>(FilesEvent.FileTrashed, (event, tx) => this.shares.fileTrashed(tx, event.payload.item.id, true));
    this.bus.on<FileChanged>(FilesEvent.FileRestored, (event, tx) => this.shares.fileTrashed(tx, event.payload.item.id, false));
    this.bus.on<FileChanged>(FilesEvent.FileDeleted, (event, tx) => this.shares.fileDeleted(tx, event.payload.item.id));
  }

  @MessagePattern(SharingSubject.CreateShare)
  create(@Caller() caller: CallerIdentity, @Payload(pipe(createShareSchema)) p: z.output<typeof createShareSchema>) {
    return this.shares.create(caller, p);
  }

  @MessagePattern(SharingSubject.ListShares)
  list(@Caller() caller: CallerIdentity, @Payload(pipe(listSharesSchema)) p: z.output<typeof listSharesSchema>) {
    return this.shares.list(caller, p.direction, p.fileId);
  }

  @MessagePattern(SharingSubject.RevokeShare)
  async revoke(@Caller() caller: CallerIdentity, @Payload(pipe(shareIdSchema)) p: z.output<typeof shareIdSchema>) {
    await this.shares.revoke(caller, p.shareId);
    return { ok: true };
  }

  @MessagePattern(SharingSubject.ShareLink)
  link(@Caller() caller: CallerIdentity, @Payload(pipe(shareLinkSchema)) p: z.output<typeof shareLinkSchema>) {
    return this.shares.link(caller, p.shareId, p.disposition);
  }
}
