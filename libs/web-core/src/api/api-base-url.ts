/** All HTTP calls go to the same origin under /api (the shell's server proxies it to the gateway). */
export const API_BASE_URL = '/api';
