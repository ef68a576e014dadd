import { Inject, Injectable, Logger } from '@nestjs/common';
import * as openid from 'openid-client';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';

const TIMEOUT_SECONDS = 10;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The account's OpenID provider as `openid-client` sees it: discovery, the authorization URL with PKCE, and the code
 * exchange whose ID token is checked against the provider's keys (issuer, audience, expiry, nonce). Plain http is
 * allowed for a provider on this machine outside production only (the tests' provider).
 */
@Injectable()
export class OpenIdProviders {
  private readonly logger = new Logger(OpenIdProviders.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {}

  /** Reads the provider's discovery document from its issuer; throws when it cannot be read or names another issuer. */
  async discover({ issuer, clientId, clientSecret }: ProviderClient): Promise<openid.Configuration> {
    const insecure = this.allowsHttp(issuer);
    const found = await openid.discovery(new URL(issuer), clientId, undefined, openid.None(), {
      timeout: TIMEOUT_SECONDS,
      ...(insecure ? { execute: [openid.allowInsecureRequests] } : {}),
    });
    const server = found.serverMetadata();
    // client_secret_basic is OpenID's default; a provider that lists only client_secret_post gets that.
    const methods = server.token_endpoint_auth_methods_supported;
    const auth = !methods || methods.includes('client_secret_basic') ? openid.ClientSecretBasic(clientSecret) : openid.ClientSecretPost(clientSecret);
    const configuration = new openid.Configuration(server, clientId, undefined, auth);
    configuration.timeout = TIMEOUT_SECONDS;
    if (insecure) openid.allowInsecureRequests(configuration);
    return configuration;
  }

  /** Where to send the browser, with what the sign-in must later prove: state, nonce and the PKCE verifier. */
  async authorization(configuration: openid.Configuration, redirectUri: string, email: string) {
    const state = openid.randomState();
    const nonce = openid.randomNonce();
    const codeVerifier = openid.randomPKCECodeVerifier();
    const url = openid.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the provider's answer for tokens and returns the ID token's claims, or undefined when
   * anything is wrong (the reason is logged, never a secret).
   */
  async signedInAs(
    configuration: openid.Configuration,
    callback: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<openid.IDToken | undefined> {
    try {
      const tokens = await openid.authorizationCodeGrant(configuration, callback, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      // A provider that keeps the email out of the ID token (as OpenID Connect's core says to) gives it at userinfo.
      if (typeof claims.email === 'string') return claims;
      const info = await openid.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
    } catch (err) {
      const { code, message } = err as { code?: string; message?: string };
      this.logger.warn({ msg: 'single sign-on refused', issuer: configuration.serverMetadata().issuer, reason: code ?? 'error', detail: message });
      return undefined;
    }
  }

  private allowsHttp(issuer: string) {
    const url = new URL(issuer);
    return url.protocol === 'http:' && this.config.NODE_ENV !== 'production' && LOOPBACK.has(url.hostname);
  }
}
