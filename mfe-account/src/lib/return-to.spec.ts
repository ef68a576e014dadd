import { loginReturningTo, returnTo } from './return-to';

describe('coming back after signing in', () => {
  it('returns to a path of this site, with its query', () => {
    expect(returnTo('/checkout?plan=business')).toBe('/checkout?plan=business');
    expect(new URLSearchParams(loginReturningTo('/checkout?plan=pro').split('?')[1]).get('next')).toBe('/checkout?plan=pro');
  });

  it('goes to the dashboard for anything else, never to another site', () => {
    for (const next of [null, '', 'checkout', '//evil.example', '/\\evil.example', 'https://evil.example/']) expect(returnTo(next)).toBe('/dashboard');
  });
});
