import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FileRequestSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { FileRequestsService } from './file-requests.service.js';

/** File requests' NATS requests, forwarded to FileRequestsService. */
@Controller()
export class FileRequestsHandler implements OnModuleInit {
  constructor(
    @Inject(FileRequestsService) private readonly requests: FileRequestsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FileRequestSubject.CreateFileRequest, ({ caller, payload }) => this.requests.create(caller, payload));
    this.rpc.handle(FileRequestSubject.ListFileRequests, ({ caller }) => this.requests.list(caller));
    this.rpc.handle(FileRequestSubject.RevokeFileRequest, ({ caller, payload }) => this.requests.revoke(caller, payload.requestId));
    // Asked by the gateway for anyone holding the request's link: there is no signed-in caller, the token is the proof.
    this.rpc.handle(FileRequestSubject.OpenFileRequest, { caller: 'none' }, ({ payload }) => this.requests.page(payload.token));
    this.rpc.handle(FileRequestSubject.StartRequestUpload, { caller: 'none' }, ({ client, payload: { token, ...file } }) =>
      this.requests.startUpload(token, file, client.clientIp),
    );
    this.rpc.handle(FileRequestSubject.RequestUploadParts, { caller: 'none' }, ({ payload }) =>
      this.requests.uploadParts(payload.token, payload.uploadId, payload.partNumbers),
    );
    this.rpc.handle(FileRequestSubject.CancelRequestUpload, { caller: 'none' }, ({ payload }) => this.requests.cancelUpload(payload.token, payload.uploadId));
    this.rpc.handle(FileRequestSubject.CompleteRequestUpload, { caller: 'none' }, ({ payload }) =>
      this.requests.completeUpload(payload.token, payload.uploadId),
    );
  }
}
