export * from './config.js';
export * from './logging.js';
export * from './database.js';
export * from './events.js';
export * from './rpc.js';
export * from './health.js';
export * from './bootstrap.js';
export * from './requester.js';
