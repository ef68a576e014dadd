import { jest } from '@jest/globals';
import { authApi } from '../api/auth-api';
import { cofferApi } from '../api/coffer-api';
import { createCofferStore } from '../store/create-store';
import { clearAccessToken, getAccessToken } from './access-token';
import { restoreSession } from './session-runtime';
import { getSession } from './session-store';
import { calls, json, serve, unauthorized, user } from '../testing';

const probeApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, string>({ query: (id) => `/probe/${id}` }) }),
});

beforeEach(() => {
  calls.length = 0;
  clearAccessToken();
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('restoreSession', () => {
  it('is signed out when the refresh cookie is refused', async () => {
    serve(() => unauthorized());
    expect(getSession().status).toBe('unknown');
    await restoreSession();
    expect(getSession().status).toBe('signed-out');
    expect(calls).toEqual([{ url: '/api/auth/refresh', method: 'POST', authorization: null }]);
  });

  it('is signed out, without an error, when there is no session cookie at all (204)', async () => {
    serve(() => new Response(null, { status: 204 }));
    await restoreSession();
    expect(getSession().status).toBe('signed-out');
  });

  it('is signed in with a fresh token in memory when the cookie is good, and refreshes 60 s before expiry', async () => {
    let issued = 0;
    serve(() => json(200, { accessToken: `token-${++issued}`, expiresIn: 900, user }));
    await restoreSession();
    expect(getSession()).toMatchObject({ status: 'signed-in', user });
    expect(getAccessToken()).toBe('token-1');

    await jest.advanceTimersByTimeAsync(839_000);
    expect(issued).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(issued).toBe(2);
    expect(getAccessToken()).toBe('token-2');
  });
});

describe('a call that gets a 401', () => {
  it('refreshes once for a burst of them, then retries each with the new token', async () => {
    let issued = 0;
    serve(({ url, authorization }) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: `token-${++issued}`, expiresIn: 900, user });
      return authorization === `Bearer token-${issued}` && issued > 1 ? json(200, { ok: true }) : unauthorized();
    });
    const store = createCofferStore();
    await restoreSession();

    const results = await Promise.all(['a', 'b', 'c'].map((id) => store.dispatch(probeApi.endpoints.probe.initiate(id))));
    expect(results.map((r) => r.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(2);
    expect(getSession().status).toBe('signed-in');
  });

  it("signs out, and drops the previous user's cache, when the refresh is refused", async () => {
    let refreshes = 0;
    serve(({ url }) => {
      if (url === '/api/auth/refresh') return ++refreshes === 1 ? json(200, { accessToken: 'token-1', expiresIn: 900, user }) : unauthorized();
      if (url === '/api/probe/cached') return json(200, { ok: true });
      return unauthorized();
    });
    const store = createCofferStore();
    await restoreSession();
    await store.dispatch(probeApi.endpoints.probe.initiate('cached'));
    expect(probeApi.endpoints.probe.select('cached')(store.getState()).data).toEqual({ ok: true });

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('gone'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(getSession().status).toBe('signed-out');
    expect(getAccessToken()).toBeNull();
    await jest.advanceTimersByTimeAsync(0);
    expect(probeApi.endpoints.probe.select('cached')(store.getState()).data).toBeUndefined();
    expect(calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(2);
  });
});

describe('sign-out', () => {
  it('clears the session when the server agrees, and keeps it when the call fails', async () => {
    let signOutStatus = 503;
    serve(({ url }) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: 'token-1', expiresIn: 900, user });
      if (url === '/api/auth/sign-out') {
        return signOutStatus === 204
          ? new Response(null, { status: 204 })
          : json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Try again', correlationId: 'c' });
      }
      return unauthorized();
    });
    const store = createCofferStore();
    await restoreSession();

    await expect(store.dispatch(authApi.endpoints.signOut.initiate()).unwrap()).rejects.toMatchObject({ status: 503 });
    expect(getSession().status).toBe('signed-in');

    signOutStatus = 204;
    await store.dispatch(authApi.endpoints.signOut.initiate()).unwrap();
    expect(getSession().status).toBe('signed-out');
    expect(getAccessToken()).toBeNull();
  });
});
