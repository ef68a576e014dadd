import { createFrontendConfig } from '@coffer/web-core/rspack';

// Remote: the file browser and everything about files and shares.
// COFFER_RELEASE (build env, default "dev") is shown as data-release on its root element.
export default createFrontendConfig({
  projectDir: import.meta.dirname,
  name: 'coffer_files',
  port: 3002,
  title: 'Coffer files (remote)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
});
