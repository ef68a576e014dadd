// A real OpenID provider for the tests: the certified `oidc-provider` package, run in the test's own process on a
// free loopback port, with its development login and consent pages (any login is accepted; it becomes the email).
// `tamperNextIdToken` re-signs the next ID token with the provider's own key after changing its claims: a provider
// that answers a wrong issuer, an expired token, a token for another client or another nonce.
import http from 'node:http';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

const TEST_SECRET = 'coffer-test-client-secret-0123456789abcdef';

/** The cookies a browser would keep, by name (good enough for one sign-in at a time). */
class CookieJar {
  cookies = new Map();
  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Starts the provider. `redirectUris` are the registered client's (Coffer's /login); a second client, "other-app",
 * stands for another application of the same provider.
 */
export async function startOpenIdProvider({ redirectUris, host = '127.0.0.1' }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, host, resolve));
  const issuer = `http://${host}:${server.address().port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'coffer-test-key', alg: 'RS256', use: 'sig' };
  const names = new Map();
  const client = {
    client_id: 'coffer',
    client_secret: TEST_SECRET,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
  };
  const otherClient = { ...client, client_id: 'other-app', client_secret: `${TEST_SECRET}-other` };
  const provider = new Provider(issuer, {
    clients: [client, otherClient],
    jwks: { keys: [jwk] },
    cookies: { keys: ['coffer-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, ...(names.has(id) ? { name: names.get(id) } : {}) }),
    }),
  });
  let tamper;
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || !tamper || !ctx.body || typeof ctx.body !== 'object' || !ctx.body.id_token) return;
    const change = tamper;
    tamper = undefined;
    const token = ctx.body.id_token;
    ctx.body = { ...ctx.body, id_token: await new SignJWT(change(decodeJwt(token))).setProtectedHeader(decodeProtectedHeader(token)).sign(privateKey) };
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId: client.client_id,
    clientSecret: client.client_secret,
    otherClientId: otherClient.client_id,
    /** The name the provider gives a login (its `name` claim). */
    setName(login, name) {
      names.set(login, name);
    },
    /** Changes the claims of the next ID token the token endpoint issues, re-signed with the provider's key. */
    tamperNextIdToken(change) {
      tamper = change;
    },
    /**
     * Signs `login` in at the provider as a browser would (its login page, then its consent page) from an
     * authorization URL, and answers the URL the provider sends the browser back to (with code, state and iss).
     */
    async signIn(authorizationUrl, login) {
      const jar = new CookieJar();
      let url = authorizationUrl;
      for (let step = 0; step < 12; step++) {
        if (redirectUris.some((uri) => url.startsWith(`${uri}?`))) return new URL(url);
        let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.take(res);
        if (res.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
          const page = await res.text();
          const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
          const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
          res = await fetch(url, { method: 'POST', redirect: 'manual', body: form, headers: { cookie: jar.header() } });
          jar.take(res);
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`The provider answered ${res.status} at ${url}: ${await res.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('The provider never sent the browser back');
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
