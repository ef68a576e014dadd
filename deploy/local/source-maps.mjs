// Preloaded (`--import`) into the Node processes of a local stack: stack traces point into the TypeScript
// sources, as `--enable-source-maps` does, but only for Coffer's own code: the source maps of packages in
// node_modules are not read and kept (about 7 MB less in each process).
import * as nodeModule from 'node:module';

if (nodeModule.setSourceMapsSupport) nodeModule.setSourceMapsSupport(true, { nodeModules: false });
else process.setSourceMapsEnabled(true); // Node.js before 22.14
