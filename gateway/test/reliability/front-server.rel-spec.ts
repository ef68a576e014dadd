import type { Stack } from '../../../deploy/local/stack.mjs';
import { appUrl, call, confirmedUser, eventually, type TestUser } from '../support.js';
import { ownStack, recordFigures } from './own-stack.js';

// The local front server (deploy/local/serve-static.mjs, port 3000) proxies /api to the gateway, event streams included.
// When the gateway dies, a stream the browser follows through it must end, so the page reconnects.

const SECOND = 1000;
let stack: Stack;
let user: TestUser;

beforeAll(async () => {
  stack = await ownStack('front-server');
  user = await confirmedUser();
}, 240 * SECOND);
afterAll(async () => {
  await stack?.group.stopAll();
}, 60 * SECOND);

/** Opens GET /api/events through the front server, as the browser's reader does; returns the reader of its text. */
async function openEvents() {
  const res = await fetch(`${appUrl()}/api/events`, {
    headers: { authorization: `Bearer ${user.accessToken}`, accept: 'text/event-stream' },
    cache: 'no-store',
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return res.body!.pipeThrough(new TextDecoderStream()).getReader();
}

/** Reads the stream until it ends: 'ended' (closed) or 'cut' (an error), never while it stays open. */
async function untilEnd(reader: ReadableStreamDefaultReader<string>): Promise<'ended' | 'cut'> {
  try {
    for (;;) if ((await reader.read()).done) return 'ended';
  } catch {
    return 'cut';
  }
}

describe('an event stream through the front server when the gateway dies', () => {
  it(
    'ends as soon as the gateway is gone, and a new stream works once the gateway is back',
    async () => {
      const reader = await openEvents();
      const end = untilEnd(reader);

      const killedAt = Date.now();
      const gateway = await stack.group.stopOne('gateway', 10 * SECOND, 'SIGKILL');
      // Without the fix the stream stays open and silent: this never resolves (the test times out).
      const how = await end;
      const endedAfterMs = Date.now() - killedAt;
      expect(['ended', 'cut']).toContain(how);

      // While the gateway is away the front server answers at once, in the error shape, and the browser retries later.
      const away = await fetch(`${appUrl()}/api/events`, { headers: { authorization: `Bearer ${user.accessToken}` } });
      expect(away.status).toBe(502);
      await away.body?.cancel();

      stack.group.startAgain(gateway!);
      await eventually(async () => (await fetch(`${appUrl()}/api/health`).catch(() => undefined))?.status === 200, 60 * SECOND);

      // A new stream carries pushes again: a folder made now is announced on it.
      const again = await openEvents();
      let received = '';
      const pushed = (async () => {
        while (!received.includes('event: files')) {
          const { value, done } = await again.read();
          if (done) return;
          received += value;
        }
      })();
      await eventually(async () => (await call('/api/folders', { body: { name: `After the restart ${Date.now()}` }, token: user.accessToken })).status === 201);
      await pushed;
      expect(received).toContain('event: files');
      await again.cancel();
      recordFigures('front-server-events', { streamEndedAfterGatewayKilledMs: endedAfterMs, how });
    },
    180 * SECOND,
  );
});
