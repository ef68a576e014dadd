import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { DevicesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { DevicesService } from './devices.service.js';

/** The signed-in browsers of Settings → Security and the Team list, forwarded to DevicesService. */
@Controller()
export class DevicesHandler implements OnModuleInit {
  constructor(
    @Inject(DevicesService) private readonly devices: DevicesService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(DevicesSubject.ListSessions, ({ caller }) => this.devices.list(caller));
    this.rpc.handle(DevicesSubject.EndSession, ({ caller, payload }) => this.devices.endOne(caller, payload.id));
    this.rpc.handle(DevicesSubject.EndOtherSessions, ({ caller }) => this.devices.endOthers(caller));
    this.rpc.handle(DevicesSubject.SignMemberOut, ({ caller, payload }) => this.devices.signMemberOut(caller, payload.id));
  }
}
