import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { AuthConfig } from './config.js';
import * as schema from './db/schema.js';
import { BrandingHandler } from './branding/branding.handler.js';
import { BrandingRepository } from './branding/branding.repository.js';
import { BrandingService } from './branding/branding.service.js';
import { PersonalDataHandler } from './personal-data/personal-data.handler.js';
import { PersonalDataRepository } from './personal-data/personal-data.repository.js';
import { PersonalDataService } from './personal-data/personal-data.service.js';
import { PreferencesHandler } from './preferences/preferences.handler.js';
import { PreferencesRepository } from './preferences/preferences.repository.js';
import { PreferencesService } from './preferences/preferences.service.js';
import { AvatarStorage } from './profiles/avatar-storage.js';
import { ProfilesHandler } from './profiles/profiles.handler.js';
import { ProfilesRepository } from './profiles/profiles.repository.js';
import { ProfilesService } from './profiles/profiles.service.js';
import { AccessService } from './team/access.service.js';
import { InvitationsHandler } from './team/invitations.handler.js';
import { InvitationsService } from './team/invitations.service.js';
import { MembershipService } from './team/membership.service.js';
import { TeamHandler } from './team/team.handler.js';
import { TeamRepository } from './team/team.repository.js';
import { TeamService } from './team/team.service.js';
import { ChallengesRepository } from './challenges/challenges.repository.js';
import { SignInChallenges } from './challenges/challenges.service.js';
import { FactorsHandler } from './factors/factors.handler.js';
import { FactorsRepository } from './factors/factors.repository.js';
import { FactorsService } from './factors/factors.service.js';
import { TotpSecrets } from './factors/totp-secrets.js';
import { RateLimitsRepository } from './rate-limits/rate-limits.repository.js';
import { RateLimiter } from './rate-limits/rate-limits.service.js';
import { RevocationsHandler } from './revocations/revocations.handler.js';
import { RevocationsRepository } from './revocations/revocations.repository.js';
import { RevocationsService } from './revocations/revocations.service.js';
import { DevicesHandler } from './devices/devices.handler.js';
import { DevicesService } from './devices/devices.service.js';
import { NewBrowserAlerts } from './devices/new-browser-alerts.js';
import { SessionsHandler } from './sessions/sessions.handler.js';
import { SignInPolicyHandler } from './sign-in-policy/sign-in-policy.handler.js';
import { SignInPolicyRepository } from './sign-in-policy/sign-in-policy.repository.js';
import { SignInPolicyService } from './sign-in-policy/sign-in-policy.service.js';
import { DomainRecords } from './single-sign-on/domain-records.js';
import { OpenIdProviders } from './single-sign-on/openid-providers.js';
import { SingleSignOnHandler } from './single-sign-on/single-sign-on.handler.js';
import { SingleSignOnRepository } from './single-sign-on/single-sign-on.repository.js';
import { SingleSignOnService } from './single-sign-on/single-sign-on.service.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SigningKeysHandler } from './signing-keys/signing-keys.handler.js';
import { SigningKeysRepository } from './signing-keys/signing-keys.repository.js';
import { SigningKeys } from './signing-keys/signing-keys.service.js';
import { UsersHandler } from './users/users.handler.js';
import { UsersRepository } from './users/users.repository.js';
import { Passwords } from './users/passwords.js';
import { UsersService } from './users/users.service.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'auth', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [
        UsersHandler,
        SessionsHandler,
        DevicesHandler,
        SignInPolicyHandler,
        SingleSignOnHandler,
        FactorsHandler,
        SigningKeysHandler,
        ProfilesHandler,
        PreferencesHandler,
        TeamHandler,
        InvitationsHandler,
        BrandingHandler,
        PersonalDataHandler,
        RevocationsHandler,
      ],
      providers: [
        UsersRepository,
        SessionsRepository,
        DevicesService,
        NewBrowserAlerts,
        SignInPolicyRepository,
        SignInPolicyService,
        SingleSignOnRepository,
        SingleSignOnService,
        OpenIdProviders,
        DomainRecords,
        RevocationsRepository,
        RevocationsService,
        FactorsRepository,
        RateLimitsRepository,
        SigningKeysRepository,
        SigningKeys,
        TotpSecrets,
        RateLimiter,
        ChallengesRepository,
        SignInChallenges,
        Passwords,
        SessionsService,
        FactorsService,
        UsersService,
        TeamRepository,
        ProfilesRepository,
        PreferencesRepository,
        BrandingRepository,
        PersonalDataRepository,
        AvatarStorage,
        AccessService,
        MembershipService,
        TeamService,
        InvitationsService,
        ProfilesService,
        PreferencesService,
        BrandingService,
        PersonalDataService,
      ],
    };
  }
}
