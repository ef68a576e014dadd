import { secondFactorRequired, sessionEnded, sessionStarted } from './session-state';
import { getSession, subscribeToSession, updateSession } from './session-store';

const ada = { id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace', emailVerified: true, createdAt: '2025-01-01T00:00:00Z' };

describe('the session store', () => {
  it('starts unknown and tells its listeners of each change, until they unsubscribe', () => {
    expect(getSession().status).toBe('unknown');
    const seen: string[] = [];
    const unsubscribe = subscribeToSession(() => seen.push(getSession().status));

    updateSession((state) => secondFactorRequired(state, { factorId: 'f1' }));
    updateSession((state) => sessionStarted(state, { user: ada }));
    expect(seen).toEqual(['mfa-required', 'signed-in']);
    expect(getSession().user).toEqual(ada);

    unsubscribe();
    updateSession(sessionEnded);
    expect(seen).toEqual(['mfa-required', 'signed-in']);
    expect(getSession().status).toBe('signed-out');
  });

  it('keeps the same object, and stays quiet, when a transition changes nothing', () => {
    updateSession(sessionEnded);
    const before = getSession();
    let calls = 0;
    const unsubscribe = subscribeToSession(() => (calls += 1));
    updateSession(sessionEnded);
    expect(getSession()).toBe(before);
    expect(calls).toBe(0);
    unsubscribe();
  });
});
