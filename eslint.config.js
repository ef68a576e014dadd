// Lint for every project, with the module boundaries of the architecture:
// services never import each other (or the gateway or front ends), remotes
// never import each other, and libs never import apps.
import tseslint from 'typescript-eslint';

const SERVICES = ['auth', 'files', 'sharing', 'billing', 'notification'];
const REMOTES = ['mfe-marketing', 'mfe-files', 'mfe-account'];
const APPS = ['@coffer/gateway', '@coffer/shell', ...REMOTES.map((r) => `@coffer/${r}`), ...SERVICES.map((s) => `@coffer/${s}-service`)];

const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.js', '**/*.mjs', '**/migrations/**', 'e2e/**', 'bench/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...SERVICES.map((service) =>
    boundary(
      [`services/${service}/**/*.ts`],
      [...APPS.filter((a) => a !== `@coffer/${service}-service`), '../../*/**', '**/services/**', '**/gateway/**', '**/mfe-*/**', '**/shell/**', '@coffer/ui', '@coffer/web-core'],
      'A service talks to other services only through NATS subjects and events from @coffer/contracts.',
    ),
  ),
  ...REMOTES.map((remote) =>
    boundary(
      [`${remote}/**/*.{ts,tsx}`],
      [...APPS.filter((a) => a !== `@coffer/${remote}`), '../mfe-*/**', '../../mfe-*/**', '**/services/**', '**/gateway/**', '**/shell/**', '@coffer/server-core'],
      'A remote uses only the shared libs; other remotes, the shell and the back end are reached at run time.',
    ),
  ),
  boundary(['shell/**/*.{ts,tsx}'], [...APPS.filter((a) => a !== '@coffer/shell'), '../mfe-*/**', '**/services/**', '**/gateway/**', '@coffer/server-core'], 'The shell loads remotes at run time, never by import.'),
  boundary(['gateway/**/*.ts'], [...APPS.filter((a) => a !== '@coffer/gateway'), '../services/**', '../../services/**', '@coffer/ui', '@coffer/web-core'], 'The gateway reaches services only over NATS.'),
  boundary(['libs/**/*.{ts,tsx}'], [...APPS, '../../services/**', '../../gateway/**', '../../shell/**', '../../mfe-*/**'], 'Libraries never import apps.'),
);
