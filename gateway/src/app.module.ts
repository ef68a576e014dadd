import { Inject, Module, type DynamicModule, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { APP_GUARD } from '@nestjs/core';
import { flushTracing, ServiceRequester } from '@coffer/server-core';
import { ApiDocsController } from './api/api-docs.controller.js';
import { API_DOCUMENT, apiDocument } from './api/api-routes.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { AccountController } from './account/account.controller.js';
import { ProfileController } from './account/profile.controller.js';
import { SignInPolicyController } from './account/sign-in-policy.controller.js';
import { TeamController } from './account/team.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { DevicesController } from './auth/devices.controller.js';
import { SingleSignOnController } from './auth/single-sign-on.controller.js';
import { JwksCache } from './auth/jwks.js';
import { JwksController } from './auth/jwks.controller.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { SessionRevocations } from './auth/session-revocations.js';
import { ContactRequestsController } from './billing/contact-requests.controller.js';
import { PaymentWebhookController } from './billing/payment-webhook.controller.js';
import { SubscriptionController } from './billing/subscription.controller.js';
import { DevClockController } from './dev/dev-clock.controller.js';
import { DevMailController } from './dev/dev-mail.controller.js';
import { BulkActionsController } from './files/bulk-actions.controller.js';
import { FilesController } from './files/files.controller.js';
import { TeamFoldersController } from './files/team-folders.controller.js';
import { HealthController } from './health/health.controller.js';
import { ActivityController } from './notifications/activity.controller.js';
import { AuditLogsController } from './notifications/audit-logs.controller.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { EventsController } from './realtime/events.controller.js';
import { RealtimeHub } from './realtime/realtime-hub.js';
import { LinksController } from './sharing/links.controller.js';
import { PublicLinksController } from './sharing/public-links.controller.js';
import { SharingPolicyController } from './sharing/sharing-policy.controller.js';
import { FileRequestsController } from './sharing/file-requests.controller.js';
import { PublicFileRequestsController } from './sharing/public-file-requests.controller.js';
import { AccountLinksController } from './sharing/account-links.controller.js';
import { ShareDownloadsController } from './sharing/share-downloads.controller.js';
import { ZipDownloadsController } from './files/zip-downloads.controller.js';
import { SharesController } from './sharing/shares.controller.js';
import { CallerGuard } from './identity/caller.js';

const GATEWAY_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Every controller of the gateway with this config: the API document lists each of their routes. */
export function gatewayControllers(config: GatewayConfig): Type<unknown>[] {
  return [
    HealthController,
    ApiDocsController,
    AuthController,
    DevicesController,
    SingleSignOnController,
    JwksController,
    ProfileController,
    TeamController,
    SignInPolicyController,
    AccountController,
    BulkActionsController,
    FilesController,
    TeamFoldersController,
    SharesController,
    ShareDownloadsController,
    ZipDownloadsController,
    LinksController,
    PublicLinksController,
    SharingPolicyController,
    FileRequestsController,
    PublicFileRequestsController,
    AccountLinksController,
    SubscriptionController,
    ActivityController,
    NotificationsController,
    AuditLogsController,
    EventsController,
    ContactRequestsController,
    PaymentWebhookController,
    // The captured-mail viewer and the test clock exist only outside production, for whoever holds the run's DEV_KEY.
    ...(config.NODE_ENV === 'production' || !config.DEV_KEY ? [] : [DevMailController, DevClockController]),
  ];
}

/** Closes the one NATS requester when the gateway stops, and sends the spans not exported yet. */
class RequesterLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ServiceRequester) private readonly requester: ServiceRequester) {}
  async onApplicationShutdown() {
    await this.requester.close();
    await flushTracing();
  }
}

@Module({})
export class AppModule {
  static forConfig(config: GatewayConfig): DynamicModule {
    const controllers = gatewayControllers(config);
    return {
      module: AppModule,
      controllers,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: API_DOCUMENT, useValue: apiDocument(controllers, GATEWAY_VERSION) },
        { provide: ServiceRequester, useFactory: () => ServiceRequester.connect(config, 'gateway', config.RPC_TIMEOUT_MS) },
        RequesterLifecycle,
        JwksCache,
        JwtStrategy,
        SessionRevocations,
        RealtimeHub,
        { provide: APP_GUARD, useClass: CallerGuard },
      ],
    };
  }
}
