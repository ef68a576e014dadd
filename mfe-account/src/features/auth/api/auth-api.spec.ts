import { jest } from '@jest/globals';
import { getAccessToken, getSession, restoreSession } from '@coffer/web-core';
import { createCofferStore } from '@coffer/web-core/store';
import { calls, json, serve, unauthorized, user } from '@coffer/web-core/testing';
import { authApi } from './auth-api';
import { twoFactorApi } from '../../../api/two-factor-api';

beforeEach(() => {
  calls.length = 0;
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('sign-in', () => {
  it('is signed in before the mutation resolves, with the token out of the store', async () => {
    serve(({ url }) => (url === '/api/auth/sign-in' ? json(200, { accessToken: 'token-9', expiresIn: 900, user }) : unauthorized()));
    const store = createCofferStore();
    await restoreSession();
    const signIn = store.dispatch(authApi.endpoints.signIn.initiate({ email: user.email, password: 'secret1', rememberMe: true }));
    const result = await signIn.unwrap();
    expect(result).toEqual({ status: 'signed-in', user });
    expect(getSession().status).toBe('signed-in');
    expect(JSON.stringify(store.getState())).not.toContain('token-9');
  });

  it('stops at the two-factor step when the password is right and 2FA is on, and verifies the code', async () => {
    serve(({ url, authorization }) => {
      if (url === '/api/auth/sign-in') return json(200, { mfaRequired: true, factorId: 'f1', accessToken: 'aal1-token', expiresIn: 300 });
      if (url === '/api/auth/factors/f1/challenge' && authorization === 'Bearer aal1-token') return json(200, { id: 'ch1' });
      if (url === '/api/auth/factors/f1/verify' && authorization === 'Bearer aal1-token') return json(200, { accessToken: 'aal2-token', expiresIn: 900, user });
      return unauthorized();
    });
    const store = createCofferStore();
    await restoreSession();
    expect(await store.dispatch(authApi.endpoints.signIn.initiate({ email: user.email, password: 'secret1', rememberMe: false })).unwrap()).toEqual({
      status: 'mfa-required',
      factorId: 'f1',
    });
    expect(getSession()).toMatchObject({ status: 'mfa-required', factorId: 'f1', user: null });

    await store.dispatch(twoFactorApi.endpoints.verifyFactor.initiate({ factorId: 'f1', code: '123456' })).unwrap();
    expect(getSession()).toMatchObject({ status: 'signed-in', user, factorId: null });
    expect(getAccessToken()).toBe('aal2-token');
  });
});
