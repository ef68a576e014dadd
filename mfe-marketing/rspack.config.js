import { createFrontendConfig } from '@coffer/web-core/rspack';

// Remote: the public site (landing, why, pricing, contact sales, terms, privacy).
export default createFrontendConfig({
  projectDir: import.meta.dirname,
  name: 'coffer_marketing',
  port: 3001,
  title: 'Coffer marketing (remote)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
});
