import { createSseParser } from './sse-parser';
import { reconnectDelayMs } from './realtime-updates';

describe('createSseParser', () => {
  it('reads named events split across chunks', () => {
    const feed = createSseParser();
    expect(feed('event: files\ndata: {"type":"events.files.file.up')).toEqual([]);
    expect(feed('loaded","itemId":"a"}\n\nevent: ping\ndata: \n\n')).toEqual([
      { event: 'files', data: '{"type":"events.files.file.uploaded","itemId":"a"}' },
      { event: 'ping', data: '' },
    ]);
  });

  it('joins data lines, ignores comments and takes CRLF', () => {
    const feed = createSseParser();
    expect(feed(': keep-alive\r\ndata: one\r\ndata: two\r\n\r\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, within ±25 %', () => {
    const mid = () => 0.5;
    expect(reconnectDelayMs(1, mid)).toBe(1000);
    expect(reconnectDelayMs(2, mid)).toBe(2000);
    expect(reconnectDelayMs(5, mid)).toBe(16000);
    expect(reconnectDelayMs(10, mid)).toBe(30000);
    expect(reconnectDelayMs(1, () => 0)).toBe(750);
    expect(reconnectDelayMs(1, () => 1)).toBe(1250);
  });
});
