// @ts-check
/**
 * The one rspack + Module Federation configuration every Coffer front end
 * (shell and remotes) is built with, so that the shared singletons, loaders and
 * cache rules can never drift apart between the host and its remotes.
 *
 * Runs in Node at build time only; nothing here reaches the browser.
 * @rspack/core and @module-federation/enhanced come from the calling app.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Version of a workspace lib (`libs/<dir>`), so remotes and shell agree on it. */
const workspaceVersion = (dir) => readJson(path.join(repoRoot, 'libs', dir, 'package.json')).version;

/**
 * Shared singletons: one copy of each in the page, provided by the shell.
 * `react/` and `react-dom/` share the subpaths too (jsx-runtime, react-dom/client).
 *
 * A shared module is never tree-shaken: everything it exports is downloaded by
 * the first page that uses it. So react-router is shared through
 * `@coffer/web-core/router` (only what Coffer uses of it), and Redux Toolkit,
 * RTK Query and react-redux through `@coffer/web-core/store` (only loaded by
 * the screens that call the API); apps never import those packages themselves
 * (lint refuses it), or they would get a second copy with its own contexts.
 * @param {Record<string, string>} deps the app's package.json dependencies
 */
function sharedSingletons(deps) {
  /** @param {string} name */
  const fromDeps = (name) => {
    const range = deps[name];
    if (!range) throw new Error(`@coffer/web-core/rspack: "${name}" is shared but not in the app's dependencies`);
    return { singleton: true, requiredVersion: range };
  };
  /**
   * A remote built against another version of a workspace lib than the shell provides is
   * refused (strictVersion) rather than run against code it was not built for: the shell
   * then reloads the tab onto the release being served (shell/src/federation/new-release.tsx).
   * Bump a lib's version when its contract changes, and roll the shell out first.
   * @param {string} dir
   */
  const workspaceLib = (dir) => {
    const version = workspaceVersion(dir);
    return { singleton: true, strictVersion: true, version, requiredVersion: `^${version}` };
  };
  return {
    react: fromDeps('react'),
    'react/': fromDeps('react'),
    'react-dom': fromDeps('react-dom'),
    'react-dom/': fromDeps('react-dom'),
    '@coffer/ui': workspaceLib('ui'),
    '@coffer/web-core': workspaceLib('web-core'),
    '@coffer/web-core/router': workspaceLib('web-core'),
    '@coffer/web-core/store': workspaceLib('web-core'),
  };
}

/**
 * @typedef {object} FrontendOptions
 * @property {string} projectDir absolute path of the app (pass `import.meta.dirname`)
 * @property {string} name federation name: coffer_shell, coffer_marketing, coffer_files, coffer_account
 * @property {number} port local port the app is served on (documentation and `rspack serve`)
 * @property {Record<string, string>} [exposes] what a remote exposes (none for the shell)
 * @property {boolean} [host] true for the shell: served at `/`, no remote entry
 * @property {string} [title] document title of the app's index.html
 * @property {Record<string, string>} [define] extra compile-time constants (already JSON encoded)
 */

/**
 * The rspack configuration of one Coffer front end, as the function rspack calls
 * with the CLI's arguments: production unless `--mode development` or
 * NODE_ENV=development says otherwise. A remote's is two builds: the app, and
 * the federation runtime of its standalone page.
 * @param {FrontendOptions} options
 * @returns {(env: unknown, argv?: { mode?: string }) => import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
export function createFrontendConfig(options) {
  return (_env, argv = {}) => {
    const requested = argv.mode ?? process.env.NODE_ENV;
    const mode = requested === 'development' ? 'development' : 'production';
    const app = buildConfig(options, mode);
    return options.host ? app : [app, standaloneRuntimeConfig(options.projectDir, mode)];
  };
}

/** The global the remotes' federation code reads the runtime from (experiments.externalRuntime). */
const EXTERNAL_RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';
/** The script a remote's standalone page loads before its own. */
const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

/**
 * @param {FrontendOptions} options
 * @param {'development' | 'production'} mode
 * @returns {import('@rspack/core').Configuration}
 */
function buildConfig({ projectDir, name, port, exposes, host = false, title = 'Coffer', define = {} }, mode) {
  const pkg = readJson(path.join(projectDir, 'package.json'));
  const isProduction = mode === 'production';

  return {
    mode,
    context: projectDir,
    entry: { main: './src/index.ts' },
    // Production maps are written for whoever debugs a build, but no bundle points to
    // them and no server serves them (deploy/local/serve-static.mjs, the nginx images).
    devtool: isProduction ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(projectDir, 'dist'),
      // The shell serves deep links (/dashboard/files/x), so its assets are absolute;
      // a remote's assets are found relative to wherever its manifest was loaded from.
      publicPath: host ? '/' : 'auto',
      // Everything but index.html, mf-manifest.json and remoteEntry.js (and a remote's
      // standalone federation-runtime.js) is content hashed, so it can be cached
      // forever; those are served no-cache.
      filename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Each app gets its own chunk-loading global, or two apps' chunks collide.
      uniqueName: name,
      // (A remote's standalone runtime comes from the other build: not the app's to remove.)
      clean: host ? true : { keep: STANDALONE_RUNTIME_FILE },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      // Workspace libs are compiled from their TypeScript source (no lib build step).
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      // libs/contracts is NodeNext ESM: its relative imports say `.js` for `.ts` files.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules[\\/](?!@coffer[\\/])/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', development: !isProduction, refresh: false },
              },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 128, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          use: [
            {
              loader: 'postcss-loader',
              options: { postcssOptions: { plugins: ['@tailwindcss/postcss'] } },
            },
          ],
          type: 'css/auto',
        },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        // Which build of this app is running (the deploy sets it; visible in the DOM).
        'process.env.COFFER_RELEASE': JSON.stringify(process.env.COFFER_RELEASE || 'dev'),
        ...define,
      }),
      new rspack.HtmlRspackPlugin({
        title,
        templateContent: htmlTemplate(title, host ? [] : [`/${STANDALONE_RUNTIME_FILE}`]),
        publicPath: '/',
        minify: isProduction,
      }),
      new ModuleFederationPlugin({
        name,
        ...(host ? {} : { filename: 'remoteEntry.js', exposes }),
        // The shell registers its remotes at run time from /remotes.json.
        remotes: {},
        shared: sharedSingletons(pkg.dependencies ?? {}),
        manifest: true,
        dts: false,
        // One federation runtime per page, the shell's: a remote's entry uses it rather than
        // bringing its own copy. Browser only (target: 'web' drops the Node loaders), and
        // without the snapshot plugin: the shell reads the remotes' manifests itself
        // (shell/src/federation/remotes-registry.ts).
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web', disableSnapshot: true },
        },
      }),
    ],
    optimization: {
      minimize: isProduction,
    },
    performance: { hints: false },
    devServer: {
      port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    // Build statistics that say something when a build fails, and little otherwise.
    stats: 'errors-warnings',
  };
}

/**
 * A remote opened on its own (its index.html) has no shell to provide the
 * federation runtime its code expects (experiments.externalRuntime): this
 * second, plain build of the runtime is the first script of that page. The
 * shell never loads it.
 * @param {string} projectDir
 * @param {'development' | 'production'} mode
 * @returns {import('@rspack/core').Configuration}
 */
function standaloneRuntimeConfig(projectDir, mode) {
  return {
    name: 'standalone-federation-runtime',
    mode,
    context: projectDir,
    entry: { runtime: '@module-federation/runtime-tools/runtime-core' },
    output: {
      path: path.join(projectDir, 'dist'),
      filename: STANDALONE_RUNTIME_FILE,
      library: { type: 'window', name: EXTERNAL_RUNTIME_GLOBAL },
    },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * @param {string} title
 * @param {string[]} firstScripts classic scripts that run before the app's (deferred) ones
 */
/** Coffer's shield on its black tile, inline (no request, nothing to 404). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#000"/><path d="M16 6l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V9z" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><path d="M12.5 16l2.5 2.5 4.5-5" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;

function htmlTemplate(title, firstScripts) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Coffer: secure file storage and sharing for business" />
    <link rel="icon" type="image/svg+xml" href="${FAVICON}" />
    <title>${title}</title>${firstScripts.map((src) => `\n    <script src="${src}"></script>`).join('')}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}
