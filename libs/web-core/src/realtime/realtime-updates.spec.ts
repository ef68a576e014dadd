import { jest } from '@jest/globals';
import { clearAccessToken, setAccessToken } from '../auth/access-token';
import { SILENCE_LIMIT_MS, startRealtimeUpdates, watchSilence } from './realtime-updates';

// The tabs' channel is not under test here (and would keep jest's process alive).
Object.defineProperty(globalThis, 'BroadcastChannel', { value: undefined, configurable: true });

/** The network as the reader meets it: each GET /api/events gets the next of `answers`. */
type Answer = 'silent' | 'ends' | 502;
const opened: Answer[] = [];
function network(...answers: Answer[]) {
  globalThis.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers[Math.min(opened.length, answers.length - 1)];
    opened.push(answer);
    if (answer === 502) return new Response('{}', { status: 502 });
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('event: ping\ndata: {}\n\n'));
        if (answer === 'ends') stream.close();
        // As a browser's fetch does: aborting breaks the body being read.
        init?.signal?.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
}

let stop: (() => void) | undefined;
beforeEach(() => {
  opened.length = 0;
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  setAccessToken('token', 900);
});
afterEach(() => {
  stop?.();
  clearAccessToken();
  jest.useRealTimers();
});

describe('startRealtimeUpdates', () => {
  it('opens the stream again when it stays silent past two pings (a connection that died without a word)', async () => {
    network('silent');
    stop = startRealtimeUpdates(() => undefined as never);
    await jest.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1000);
    expect(opened).toHaveLength(1);
    // Given up at the limit, opened again after the first backoff (1 s, jittered to at most 1.25 s).
    await jest.advanceTimersByTimeAsync(1000 + 1250);
    expect(opened).toHaveLength(2);
  });

  it('opens the stream again after it ended, and backs off while the gateway is away', async () => {
    network('ends', 502, 502, 502, 'silent');
    stop = startRealtimeUpdates(() => undefined as never);
    await jest.advanceTimersByTimeAsync(0);
    expect(opened).toEqual(['ends']);
    // 1 s, 2 s, 4 s, 8 s apart (each ±25 %): 4 tries in the first 20 s, not 20.
    await jest.advanceTimersByTimeAsync(20_000);
    expect(opened).toEqual(['ends', 502, 502, 502, 'silent']);
  });
});

describe('watchSilence', () => {
  it('calls back once after the limit without a word, never while words keep coming', async () => {
    const silent = jest.fn();
    const watch = watchSilence(1000, silent);
    for (let i = 0; i < 5; i++) {
      await jest.advanceTimersByTimeAsync(900);
      watch.heard();
    }
    expect(silent).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1000);
    expect(silent).toHaveBeenCalledTimes(1);
    watch.stop();
  });
});
