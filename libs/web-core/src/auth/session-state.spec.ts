import { initialSessionState, isSignedIn, secondFactorRequired, sessionEnded, sessionInfoLoaded, sessionStarted, type SessionState } from './session-state';

const ada = { id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace', emailVerified: false, createdAt: '2025-01-01T00:00:00Z' };
const grace = { ...ada, id: 'u2', email: 'grace@example.com', fullName: 'Grace Hopper' };

describe('the session transitions', () => {
  it('starts unknown, before the refresh cookie has been tried', () => {
    expect(initialSessionState).toEqual({ status: 'unknown', user: null, currentLevel: null, nextLevel: null, factorId: null });
  });

  it('is signed in with the user once a session starts', () => {
    const state = sessionStarted(initialSessionState, { user: ada, currentLevel: 'aal1' });
    expect(state).toEqual({ status: 'signed-in', user: ada, currentLevel: 'aal1', nextLevel: null, factorId: null });
  });

  it('keeps the known levels when the same user refreshes, and drops them for another user', () => {
    let state = sessionStarted(initialSessionState, { user: ada });
    state = sessionInfoLoaded(state, { user: ada, currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(sessionStarted(state, { user: ada })).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(sessionStarted(state, { user: grace })).toMatchObject({ user: grace, currentLevel: null, nextLevel: null });
  });

  it('holds the factor to verify, and no user, while the second factor is required', () => {
    const state = secondFactorRequired(initialSessionState, { factorId: 'f1' });
    expect(state).toEqual({ status: 'mfa-required', user: null, currentLevel: 'aal1', nextLevel: 'aal2', factorId: 'f1' });
  });

  it('forgets everything when the session ends ("Back to Sign In" included)', () => {
    const states: SessionState[] = [
      sessionStarted(initialSessionState, { user: ada }),
      secondFactorRequired(initialSessionState, { factorId: 'f1' }),
      initialSessionState,
    ];
    for (const state of states) {
      expect(sessionEnded(state)).toEqual({ status: 'signed-out', user: null, currentLevel: null, nextLevel: null, factorId: null });
    }
  });

  it('takes the levels from GET /auth/session only for the signed-in user', () => {
    const signedIn = sessionStarted(initialSessionState, { user: ada });
    expect(sessionInfoLoaded(signedIn, { user: { ...ada, emailVerified: true }, currentLevel: 'aal1', nextLevel: 'aal2' })).toMatchObject({
      user: { emailVerified: true },
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    });
    expect(sessionInfoLoaded(signedIn, { user: grace, currentLevel: 'aal2', nextLevel: 'aal2' })).toBe(signedIn);
    const signedOut = sessionEnded(signedIn);
    expect(sessionInfoLoaded(signedOut, { user: ada, currentLevel: 'aal2', nextLevel: 'aal2' })).toBe(signedOut);
  });
});

describe('isSignedIn (for "My Dashboard" / "Try Dashboard")', () => {
  it('is undefined while unknown, true only when fully signed in', () => {
    expect(isSignedIn('unknown')).toBeUndefined();
    expect(isSignedIn('signed-in')).toBe(true);
    expect(isSignedIn('signed-out')).toBe(false);
    expect(isSignedIn('mfa-required')).toBe(false);
  });
});
