// Lint for every project, with the module boundaries of the architecture:
// services never import each other (or the gateway or front ends), remotes
// never import each other, libs never import apps, and the front ends reach
// react-router and Redux only through @coffer/web-core. Inside each remote, as in
// bulletproof-react, imports flow shared (src/api, components, hooks, lib, config) →
// features (src/features/<name>) → app (src/pages, src/exposes, src/bootstrap.tsx),
// a feature never imports another feature, and no module imports itself round a cycle.
// In the back end, SQL stays in repositories: drizzle-orm is imported only by `*.repository.ts`,
// `db/` folders, libs/server-core/src and tests, and each table of a service's db/schema is
// imported only by the repository that owns it (TABLE_OWNERS below), so each table is written
// in one place.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
// The maintained fork of eslint-plugin-jsx-a11y (same rules) that supports ESLint 10; its rules keep the jsx-a11y/ names here.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';

const SERVICES = ['auth', 'files', 'sharing', 'billing', 'notification'];
const REMOTES = ['mfe-marketing', 'mfe-files', 'mfe-account'];
const APPS = ['@coffer/gateway', '@coffer/shell', ...REMOTES.map((r) => `@coffer/${r}`), ...SERVICES.map((s) => `@coffer/${s}-service`)];

/** The React code: the shell, the remotes, the design system and the front-end runtime. */
const REACT_CODE = ['shell', 'mfe-marketing', 'mfe-files', 'mfe-account', 'libs/ui', 'libs/web-core'].map((project) => `${project}/src/**/*.{ts,tsx}`);
const JSX_A11Y_RECOMMENDED = Object.fromEntries(
  Object.entries(jsxA11y.configs.recommended.rules).map(([name, level]) => [name.replace(/^jsx-a11y-x\//, 'jsx-a11y/'), level]),
);

const rule = (forbidden, message) => forbidden.map((group) => ({ group: [group], message }));
/** One no-restricted-imports per file (a later one would replace it): every rule that applies, together. */
const boundary = (files, forbidden, message, ...moreRules) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [...rule(forbidden, message), ...moreRules.flat()] }],
  },
});

// Imported directly, these would be a second copy beside the page's shared one (its own router or
// store contexts), or would bring the whole package to every page: the shared modules of web-core
// hold only what Coffer uses, and the data layer loads only with the screens that call the API.
const ROUTER_THROUGH_WEB_CORE = rule(['react-router', 'react-router-dom', 'react-router/*'], 'Import routing from @coffer/web-core/router.');
const REDUX_THROUGH_WEB_CORE = rule(
  ['react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/*'],
  'Use the data layer of @coffer/web-core/store (StoreProvider, cofferApi, the typed hooks).',
);
// The data layer is its own shared module: reached by path, the session would be a second copy.
const SESSION_THROUGH_INDEX = rule(
  ['../auth/session-*', '../auth/access-token', './auth/session-*', './auth/access-token'],
  "The data layer reaches the session through '@coffer/web-core', so it shares the page's one session.",
);
const LIBS_NEVER_IMPORT_APPS = [[...APPS, '../../services/**', '../../gateway/**', '../../shell/**', '../../mfe-*/**'], 'Libraries never import apps.'];
const WEB_CORE_DATA_LAYER = ['libs/web-core/src/store.ts', 'libs/web-core/src/{store,api,realtime}/**/*.{ts,tsx}'];

const repoRoot = import.meta.dirname;
// src/api holds the endpoints several features of the remote use; one feature's own are in its api/ folder.
const SHARED_LAYER = ['api', 'components', 'hooks', 'lib', 'config'];
const APP_LAYER = ['pages', 'exposes', 'bootstrap.tsx', 'index.ts'];
/** The zones of one remote (import-x/no-restricted-paths, paths from the repository root). */
function remoteLayers(remote) {
  const src = `./${remote}/src`;
  const featuresDir = path.join(repoRoot, remote, 'src/features');
  const features = existsSync(featuresDir)
    ? readdirSync(featuresDir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
  const app = APP_LAYER.map((part) => `${src}/${part}`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: move what both use to src/components, src/hooks or src/lib (an endpoint to src/api), or compose them in a page.',
    })),
    { target: `${src}/features`, from: app, message: 'Features never import the app layer (pages, exposes, bootstrap).' },
    {
      target: SHARED_LAYER.map((part) => `${src}/${part}`),
      from: [`${src}/features`, ...app],
      message: 'Shared code (components, hooks, lib, config) never imports features or the app layer, and neither do the endpoints in src/api.',
    },
  ];
}

// Who touches what. Each table of a service's db/schema.ts belongs to one repository, the only
// module that imports it (as a value: row types may be imported anywhere), so the only one that
// reads or writes it; another feature asks that repository, inside the same unit of work. Every
// table has exactly one owner (checked here, so a new table cannot go without one). Two kinds of
// module may import every table of their service: its app.module.ts, which hands the whole schema
// to the database, and its personal-data/personal-data.repository.ts, the one list of where a
// person's data lives, which erases it and counts it for the deletion proof.
const TABLE_OWNERS = {
  auth: {
    'users/users.repository.ts': ['users', 'oneTimeTokens'],
    'team/team.repository.ts': ['accounts', 'teamMembers', 'userRoles', 'invitationSends'],
    'profiles/profiles.repository.ts': ['profiles', 'avatarUploads'],
    'sessions/sessions.repository.ts': ['sessions'],
    'sign-in-policy/sign-in-policy.repository.ts': ['signInPolicies'],
    'single-sign-on/single-sign-on.repository.ts': ['ssoConnections', 'ssoDomains', 'ssoSignIns'],
    'revocations/revocations.repository.ts': ['accessRevocations'],
    'factors/factors.repository.ts': ['totpFactors', 'mfaChallenges', 'recoveryCodes'],
    'challenges/challenges.repository.ts': ['signInChallenges'],
    'signing-keys/signing-keys.repository.ts': ['signingKeys'],
    'rate-limits/rate-limits.repository.ts': ['rateLimits'],
    'preferences/preferences.repository.ts': ['preferences'],
    'branding/branding.repository.ts': ['brandingSettings'],
  },
  files: {
    'files/files.repository.ts': ['files', 'accountStorage'],
    'uploads/uploads.repository.ts': ['uploads', 'confirmedUploads'],
    'access/access.repository.ts': ['folderAccess'],
    'versions/versions.repository.ts': ['fileVersions'],
  },
  sharing: {
    'shares/shares.repository.ts': ['shares', 'shareSends', 'shareTickets', 'shareRequests'],
    'accesses/accesses.repository.ts': ['shareAccess'],
    'people/people.repository.ts': ['people', 'addressTokens'],
    'links/links.repository.ts': ['links', 'linkAccesses', 'linkTickets', 'linkPasswordFailures'],
    'policy/sharing-policy.repository.ts': ['sharingPolicies'],
    'requests/file-requests.repository.ts': ['fileRequests', 'fileRequestUploads', 'fileRequestUploadStarts'],
  },
  billing: {
    'subscriptions/subscriptions.repository.ts': ['subscriptions', 'usedTrials', 'paymentEvents'],
    'contact-requests/contact-requests.repository.ts': ['contactRequests'],
  },
  notification: {
    'email/email.repository.ts': ['outboundEmails'],
    'activity/activity.repository.ts': ['activity'],
    'notifications/notifications.repository.ts': ['notifications'],
    'preferences/preferences.repository.ts': ['userPreferences'],
    'audit/audit.repository.ts': ['auditLogs', 'accountPlans'],
    'people/people.repository.ts': ['people'],
  },
};
const ALL_TABLES_OF_THE_SERVICE = ['app.module.ts', 'personal-data/personal-data.repository.ts'];

/** The tables a service's db/schema.ts declares (`export const name = pgTable(`), each checked to have one owner. */
function tablesOf(service) {
  const schema = readFileSync(path.join(repoRoot, 'services', service, 'src/db/schema.ts'), 'utf8');
  const tables = [...schema.matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]);
  const owned = Object.values(TABLE_OWNERS[service]).flat();
  const unowned = tables.filter((t) => !owned.includes(t));
  const unknown = owned.filter((t) => !tables.includes(t) || owned.indexOf(t) !== owned.lastIndexOf(t));
  if (unowned.length || unknown.length) {
    throw new Error(
      `eslint.config.js TABLE_OWNERS of ${service}: ${[...unowned.map((t) => `${t} has no owner`), ...unknown.map((t) => `${t} is unknown or owned twice`)].join(', ')}`,
    );
  }
  return tables;
}

const DRIZZLE_IN_REPOSITORIES = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'SQL stays in repositories: import drizzle-orm only in a *.repository.ts or a db/ folder (and ask that repository from here).',
};
/** A no-restricted-imports pattern forbidding `tables` of the service's schema (their row types stay free to import). */
const tablesRestricted = (tables, message) =>
  tables.length ? [{ group: ['**/db/schema', '**/db/schema.js'], importNames: tables, allowTypeImports: true, message }] : [];
/** @typescript-eslint's no-restricted-imports (the plain rule keeps the module boundaries): one per file, every pattern that applies. */
const restricted = (files, patterns, ignores) => ({
  files,
  ...(ignores && { ignores }),
  rules: { '@typescript-eslint/no-restricted-imports': patterns.length ? ['error', { patterns }] : 'off' },
});
const NOT_ITS_TABLE = 'This table belongs to another repository (eslint.config.js TABLE_OWNERS): call that repository instead, in the same unit of work.';
const SQL_FREE_EXCEPT = ['**/*.repository.ts', '**/db/**', '**/test/**'];

function whoTouchesWhat() {
  const configs = [
    // Everywhere else in the back end and the libraries: no drizzle-orm (server-core's database layer and tests aside).
    restricted(['gateway/**/*.ts', 'libs/**/*.{ts,tsx}'], [DRIZZLE_IN_REPOSITORIES], [...SQL_FREE_EXCEPT, 'libs/server-core/src/**']),
  ];
  for (const [service, owners] of Object.entries(TABLE_OWNERS)) {
    const tables = tablesOf(service);
    const src = `services/${service}/src`;
    configs.push(
      // Services, handlers and the rest: neither drizzle-orm nor a table.
      restricted(
        [`${src}/**/*.ts`],
        [
          DRIZZLE_IN_REPOSITORIES,
          ...tablesRestricted(tables, 'Tables are read and written only in the repository that owns them (eslint.config.js TABLE_OWNERS).'),
        ],
        SQL_FREE_EXCEPT,
      ),
      // A repository: its own tables only.
      restricted([`${src}/**/*.repository.ts`], tablesRestricted(tables, NOT_ITS_TABLE)),
      ...Object.entries(owners).map(([file, own]) =>
        restricted(
          [`${src}/${file}`],
          tablesRestricted(
            tables.filter((t) => !own.includes(t)),
            NOT_ITS_TABLE,
          ),
        ),
      ),
      restricted(
        ALL_TABLES_OF_THE_SERVICE.map((file) => `${src}/${file}`),
        [],
      ),
    );
  }
  return configs;
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.js', '**/*.mjs', '**/migrations/**', 'e2e/**', 'bench/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // The rules of hooks (and the React Compiler's checks that come with them) and the accessibility of the markup.
  { files: REACT_CODE, ...reactHooks.configs.flat.recommended },
  {
    files: REACT_CODE,
    plugins: { 'jsx-a11y': jsxA11y },
    languageOptions: jsxA11y.configs.recommended.languageOptions,
    rules: JSX_A11Y_RECOMMENDED,
  },
  ...SERVICES.map((service) =>
    boundary(
      [`services/${service}/**/*.ts`],
      [
        ...APPS.filter((a) => a !== `@coffer/${service}-service`),
        '../../*/**',
        '**/services/**',
        '**/gateway/**',
        '**/mfe-*/**',
        '**/shell/**',
        '@coffer/ui',
        '@coffer/web-core',
      ],
      'A service talks to other services only through NATS subjects and events from @coffer/contracts.',
    ),
  ),
  ...REMOTES.map((remote) =>
    boundary(
      [`${remote}/**/*.{ts,tsx}`],
      [
        ...APPS.filter((a) => a !== `@coffer/${remote}`),
        '../mfe-*/**',
        '../../mfe-*/**',
        '**/services/**',
        '**/gateway/**',
        '**/shell/**',
        '@coffer/server-core',
      ],
      'A remote uses only the shared libs; other remotes, the shell and the back end are reached at run time.',
      ROUTER_THROUGH_WEB_CORE,
      REDUX_THROUGH_WEB_CORE,
    ),
  ),
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle follows only the modules it can parse.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: remoteLayers(remote) }],
      'import-x/no-cycle': 'error',
    },
  })),
  boundary(
    ['shell/**/*.{ts,tsx}'],
    [...APPS.filter((a) => a !== '@coffer/shell'), '../mfe-*/**', '**/services/**', '**/gateway/**', '@coffer/server-core'],
    'The shell loads remotes at run time, never by import.',
    ROUTER_THROUGH_WEB_CORE,
    REDUX_THROUGH_WEB_CORE,
  ),
  boundary(
    ['gateway/**/*.ts'],
    [...APPS.filter((a) => a !== '@coffer/gateway'), '../services/**', '../../services/**', '@coffer/ui', '@coffer/web-core'],
    'The gateway reaches services only over NATS.',
  ),
  boundary(['libs/**/*.{ts,tsx}'], ...LIBS_NEVER_IMPORT_APPS),
  // @coffer/ui and the public part of web-core (session, federation contract) stay free of both.
  boundary(['libs/ui/**/*.{ts,tsx}', 'libs/web-core/src/**/*.{ts,tsx}'], ...LIBS_NEVER_IMPORT_APPS, ROUTER_THROUGH_WEB_CORE, REDUX_THROUGH_WEB_CORE),
  boundary(['libs/web-core/src/router.ts'], ...LIBS_NEVER_IMPORT_APPS, REDUX_THROUGH_WEB_CORE),
  boundary(WEB_CORE_DATA_LAYER, ...LIBS_NEVER_IMPORT_APPS, ROUTER_THROUGH_WEB_CORE, SESSION_THROUGH_INDEX),
  // Tests build their own routers and stores, and read the modules they test by path; so does what the component tests render with.
  boundary(['libs/web-core/src/**/*.spec.{ts,tsx}', 'libs/web-core/src/testing.ts', 'libs/web-core/src/testing/**/*.{ts,tsx}'], ...LIBS_NEVER_IMPORT_APPS),
  ...whoTouchesWhat(),
);
