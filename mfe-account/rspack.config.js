import { createFrontendConfig } from '@coffer/web-core/rspack';

// Remote: sign-in, checkout, notifications, settings and the account page.
export default createFrontendConfig({
  projectDir: import.meta.dirname,
  name: 'coffer_account',
  port: 3003,
  title: 'Coffer account (remote)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
});
