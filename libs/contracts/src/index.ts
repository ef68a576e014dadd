export * from './errors.js';
export * from './identity.js';
export * from './events.js';
export * from './health.js';
export * from './auth.js';
export * from './files.js';
export * from './billing.js';
export * from './notification.js';
