import { currentCorrelationId, redact, withCorrelationId } from './logging.js';

describe('redact', () => {
  it('hides secret-looking values at any depth and keeps the rest', () => {
    expect(redact({ email: 'a@b.co', password: 'p4ss', nested: { refreshToken: 't', totpCode: '123456', name: 'x' }, list: [{ secret: 's' }] })).toEqual({
      email: 'a@b.co',
      password: '[redacted]',
      nested: { refreshToken: '[redacted]', totpCode: '[redacted]', name: 'x' },
      list: [{ secret: '[redacted]' }],
    });
  });
});

describe('correlation ids', () => {
  it('follow the work started inside withCorrelationId, across awaits', async () => {
    expect(currentCorrelationId()).toBeUndefined();
    await withCorrelationId('abc-123', async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentCorrelationId()).toBe('abc-123');
    });
    expect(currentCorrelationId()).toBeUndefined();
  });
});
