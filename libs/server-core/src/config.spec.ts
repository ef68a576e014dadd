import { ConfigError, loadConfig, serviceConfigSchema } from './config.js';

describe('loadConfig', () => {
  it('fills the embedded defaults when nothing is set', () => {
    expect(loadConfig(serviceConfigSchema, {})).toEqual({
      NODE_ENV: 'development',
      NATS_URL: 'nats://127.0.0.1:4222',
      LOG_LEVEL: 'info',
      DATA_DIR: '.data',
      DATABASE_POOL_SIZE: 10,
      EVENTS_STREAM_REPLICAS: 1,
      // A database this installation does not know is refused unless this is a new installation.
      COFFER_NEW_INSTALLATION: false,
    });
  });

  it('names every bad variable, and never repeats its value', () => {
    const secret = 'mysql://root:hunter2@db';
    let error: unknown;
    try {
      loadConfig(serviceConfigSchema, { NATS_URL: 'http://nats', DATABASE_URL: secret, LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('NATS_URL: must be a nats:// URL');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('LOG_LEVEL');
    expect(message).not.toContain('hunter2');
  });
});
