import { browserLabel, UNKNOWN_BROWSER } from './browser-label.js';

describe('browserLabel', () => {
  it('names the browser and the system of a user agent', () => {
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome on Windows',
    );
    expect(browserLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on macOS');
    expect(
      browserLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iOS');
  });

  it('says so when there is no user agent or none it knows', () => {
    expect(browserLabel(undefined)).toBe(UNKNOWN_BROWSER);
    expect(browserLabel('')).toBe(UNKNOWN_BROWSER);
    expect(browserLabel('curl/8.5.0')).toBe(UNKNOWN_BROWSER);
  });
});
