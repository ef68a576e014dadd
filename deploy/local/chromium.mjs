// How Coffer's end-to-end tests and benchmarks start Debian's Chromium (never a browser of
// Playwright's own download): headless, and without the background connections that this
// machine's closed network refuses (and Google's hosts it fails to look up at every start).
export const chromiumLaunchOptions = {
  executablePath: process.env.COFFER_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
