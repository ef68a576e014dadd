// One jest run for the whole repository, in projects: unit (pure logic,
// next to the code), component (a dialog in jsdom), service (one service against real NATS and PostgreSQL)
// and api (the running stack through the gateway). ESM, because NestJS 12 is.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];
const common = {
  rootDir: import.meta.dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@coffer/server-core/(testing|object-store|pooled-http)$': '<rootDir>/libs/server-core/src/$1.ts',
    '^@coffer/(contracts|plans|server-core|web-core|ui)$': '<rootDir>/libs/$1/src/index.ts',
    '^@coffer/web-core/(router|store|format|branding|upload|standalone|testing)$': '<rootDir>/libs/web-core/src/$1',
    '^@coffer/ui/form$': '<rootDir>/libs/ui/src/form.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testEnvironment: 'node',
};

export default {
  // Service tests open databases and start NATS consumers: slower than unit tests, never timed assertions.
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,services,gateway,shell,mfe-*}/**/src/**/*.spec.ts?(x)', '<rootDir>/deploy/test/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/{libs,services,gateway}/**/test/**/*.service-spec.ts', '<rootDir>/deploy/test/**/*.service-spec.ts'],
      globalSetup: '<rootDir>/deploy/local/jest-infra.mjs',
      globalTeardown: '<rootDir>/deploy/local/jest-teardown.mjs',
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/gateway/test/**/*.api-spec.ts'],
      globalSetup: '<rootDir>/deploy/local/jest-stack.mjs',
      globalTeardown: '<rootDir>/deploy/local/jest-teardown.mjs',
    },
    // The dialogs rendered whole in jsdom, their real hooks and store; only the network is a stand-in (@coffer/web-core/testing).
    {
      ...common,
      displayName: 'component',
      testMatch: ['<rootDir>/{libs,shell,mfe-*}/**/src/**/*.component-spec.tsx'],
      testEnvironment: '<rootDir>/deploy/local/jest-browser-env.mjs',
    },
    // The reliability scenarios that kill services and stop NATS: each file starts a stack of its own.
    { ...common, displayName: 'reliability', testMatch: ['<rootDir>/gateway/test/reliability/**/*.rel-spec.ts'] },
  ],
};
