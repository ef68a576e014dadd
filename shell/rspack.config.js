import { createFrontendConfig } from '@coffer/web-core/rspack';

// The host: owns the router, layouts and store; finds its remotes at run time
// from /remotes.json, so none are configured here.
export default createFrontendConfig({
  projectDir: import.meta.dirname,
  name: 'coffer_shell',
  port: 3000,
  host: true,
  title: 'Coffer: Secure File Storage Built for Business',
});
