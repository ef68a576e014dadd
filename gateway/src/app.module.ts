import { Module, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { correlationMiddleware } from './common/correlation.middleware.js';
import { NATS_CLIENT, ServiceClient } from './common/service-client.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { AuthController } from './auth/auth.controller.js';
import { JwksCache } from './auth/jwks.js';
import { JwksController } from './auth/jwks.controller.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { SessionRevocations } from './auth/session-revocations.js';
import { ContactRequestsController } from './billing/contact-requests.controller.js';
import { SubscriptionController } from './billing/subscription.controller.js';
import { DevMailController } from './dev/dev-mail.controller.js';
import { FilesController } from './files/files.controller.js';
import { HealthController } from './health/health.controller.js';
import { ActivityController } from './notifications/activity.controller.js';
import { EventsController } from './realtime/events.controller.js';
import { RealtimeHub } from './realtime/realtime-hub.js';
import { SharesController } from './sharing/shares.controller.js';
import { CallerGuard } from './identity/caller.js';

@Module({})
export class AppModule implements NestModule {
  static forConfig(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        HealthController,
        AuthController,
        JwksController,
        FilesController,
        SharesController,
        SubscriptionController,
        ActivityController,
        EventsController,
        ContactRequestsController,
        // The captured-mail viewer exists only outside production.
        ...(config.NODE_ENV === 'production' ? [] : [DevMailController]),
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        {
          provide: NATS_CLIENT,
          useFactory: () => ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [config.NATS_URL], name: 'gateway' } }),
        },
        ServiceClient,
        JwksCache,
        JwtStrategy,
        SessionRevocations,
        RealtimeHub,
        { provide: APP_GUARD, useClass: CallerGuard },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer) {
    consumer.apply(correlationMiddleware).forRoutes('*');
  }
}
