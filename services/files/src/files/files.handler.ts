import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthEvent,
  FilesSubject,
  listFilesRequestSchema,
  type CallerIdentity,
  type ListFilesReply,
  type UserRegistered,
} from '@coffer/contracts';
import { Caller, EventBus, ZodPayloadPipe } from '@coffer/server-core';
import type { z } from 'zod';
import { FilesService } from './files.service.js';

/** NATS requests and domain events of the files service, forwarded to FilesService. */
@Controller()
export class FilesHandler implements OnModuleInit {
  constructor(
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on<UserRegistered>(AuthEvent.UserRegistered, (event, tx) => this.files.createDefaultFolders(event.payload, tx));
  }

  @MessagePattern(FilesSubject.ListFiles)
  list(
    @Caller() caller: CallerIdentity,
    @Payload(new ZodPayloadPipe(listFilesRequestSchema)) request: z.output<typeof listFilesRequestSchema>,
  ): Promise<ListFilesReply> {
    return this.files.list(caller, request.folder, request.sort);
  }
}
