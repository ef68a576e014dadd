/** Injection tokens of the pieces CoreModule provides to every service. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DATABASE = Symbol('DATABASE');
