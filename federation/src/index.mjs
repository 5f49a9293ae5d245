// rspack + Module Federation config factory shared by the shell, every remote and plugin remotes.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import rspack from '@rspack/core';
import { sharedFor } from './shared.mjs';

export { SINGLETONS, sharedFor } from './shared.mjs';

/** Browsers the product supports; also used for CSS/JS down-levelling. */
export const TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 111', 'safari >= 16.4'];

const SERVER = process.env.AGORA_DEV_SERVER ?? 'http://127.0.0.1:9080';

/**
 * `react-router` and `react-router-dom` resolve to the facade (see react-router-facade.mjs), which
 * re-exports the browser surface from the real package. react-router's exports map always points at its
 * development build, so production builds take the production files explicitly.
 */
function routerAliases(appDir, isProd) {
  const require = createRequire(path.join(appDir, 'package.json'));
  let routerDir;
  try {
    routerDir = path.dirname(require.resolve('react-router/package.json'));
  } catch {
    return {}; // app does not use react-router
  }
  const facade = fileURLToPath(new URL('./react-router-facade.mjs', import.meta.url));
  const build = isProd ? 'production' : 'development';
  return {
    'react-router$': facade,
    'react-router-dom$': facade,
    'agora-react-router-impl$': path.join(routerDir, 'dist', build, 'index.mjs'),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir absolute app directory
 * @param {string} options.name federation name (e.g. "shell", "mf_qa")
 * @param {'host'|'remote'} options.kind
 * @param {Record<string,string>} [options.exposes] remote exposes
 * @param {number} options.port development server port
 */
export function createConfig({ dir, name, kind, exposes = {}, port }) {
  return (_env, argv) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const isProd = mode === 'production';
    const isHost = kind === 'host';
    const omit = (process.env.AGORA_MF_OMIT_SHARED ?? '').split(',').filter(Boolean);
    const outDir = process.env.AGORA_DIST ? path.resolve(process.env.AGORA_DIST) : path.join(dir, 'dist');
    const publicDir = path.join(dir, 'public');

    /** @type {import('@rspack/core').Configuration} */
    const config = {
      mode,
      context: dir,
      target: 'web',
      // Production maps are written for debugging but not referenced from the bundles (the server never serves them).
      devtool: isProd ? 'hidden-source-map' : 'cheap-module-source-map',
      entry: isHost ? { main: './src/index.ts' } : {},
      output: {
        path: outDir,
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: isProd ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: isProd ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
        // A lazy screen gives up loading after 120 s.
        chunkLoadTimeout: 120_000,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: routerAliases(dir, isProd),
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            type: 'javascript/auto',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !isProd } },
              },
              env: { targets: TARGETS },
            },
          },
          { test: /\.css$/, type: 'css/auto' },
          // antd's internals are free of side effects; saying so lets rspack drop unused form machinery.
          { test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedFor(dir, { omit }),
          manifest: true,
          dts: false,
          // The shell provides the federation runtime once; remotes (and plugins) reuse it instead of each
          // carrying their own ~17 KB gzip copy. Such remotes run only inside a host that provides it.
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        new rspack.DefinePlugin({ __APP_NAME__: JSON.stringify(name) }),
        existsSync(publicDir) &&
          new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, noErrorOnMissing: true }] }),
        isHost &&
          new rspack.HtmlRspackPlugin({
            template: path.join(dir, 'index.html'),
            minify: isProd,
          }),
      ].filter(Boolean),
      optimization: { minimize: isProd },
      // The dev server compiles dynamic imports lazily by default; federated chunks are fetched by another
      // origin's page (the shell), which lazy compilation's proxy cannot serve. Compile everything.
      lazyCompilation: false,
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        host: '127.0.0.1',
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: isHost,
        proxy: isHost
          ? [
              {
                context: ['/answer', '/installation', '/remotes.json', '/uploads', '/healthz', '/robots.txt'],
                target: SERVER,
              },
            ]
          : undefined,
      },
    };
    return config;
  };
}
