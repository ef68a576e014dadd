import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import * as openid from 'openid-client';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';

const TIMEOUT_SECONDS = 10;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Addresses an account's provider may not be at: this machine, private networks, link-local (cloud metadata), and the like. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** A provider address Coffer will not call: the account admin's URL must not reach inside the network Coffer runs in. */
export class InternalAddressError extends Error {}

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

  /**
   * Every request to the provider (discovery, keys, token, userinfo) goes to a public address only: an account's
   * admin types the issuer, so it must not reach this machine, the cluster or a cloud's metadata service, unless the
   * operator allows providers inside the network (SSO_ALLOW_INTERNAL_PROVIDERS), or it is the tests' provider here.
   */
  private readonly guardedFetch: openid.CustomFetch = async (url, options) => {
    await this.checkAddress(new URL(url));
    return fetch(url, options as RequestInit);
  };

  private async checkAddress(url: URL) {
    if (this.config.SSO_ALLOW_INTERNAL_PROVIDERS || (this.config.NODE_ENV !== 'production' && LOOPBACK.has(url.hostname))) return;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
    for (const { address, family } of addresses)
      if (INTERNAL.check(address, family === 6 ? 'ipv6' : 'ipv4')) throw new InternalAddressError(`${url.hostname} is an internal address`);
  }

  /** Reads the provider's discovery document from its issuer; throws when it cannot be read or names another issuer. */
  async discover({ issuer, clientId, clientSecret }: ProviderClient): Promise<openid.Configuration> {
    const insecure = this.allowsHttp(issuer);
    const found = await openid.discovery(new URL(issuer), clientId, undefined, openid.None(), {
      timeout: TIMEOUT_SECONDS,
      [openid.customFetch]: this.guardedFetch,
      ...(insecure ? { execute: [openid.allowInsecureRequests] } : {}),
    });
    const server = found.serverMetadata();
    // client_secret_basic is OpenID's default; a provider that lists only client_secret_post gets that.
    const methods = server.token_endpoint_auth_methods_supported;
    const auth = !methods || methods.includes('client_secret_basic') ? openid.ClientSecretBasic(clientSecret) : openid.ClientSecretPost(clientSecret);
    const configuration = new openid.Configuration(server, clientId, undefined, auth);
    configuration.timeout = TIMEOUT_SECONDS;
    configuration[openid.customFetch] = this.guardedFetch;
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
