#!/usr/bin/env node
// Compiles the server to JavaScript for production: dist/server.js (the process) and dist/cli.js (what
// bin/agora.mjs runs), one esbuild bundle with shared chunks and source maps. The server's declared
// dependencies stay external (loaded from node_modules at run time: native modules, drivers); workspace
// packages such as @agora/shared-api ship TypeScript source and are bundled in.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(serverDir, 'dist');
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@agora/'));

/**
 * Source files find things relative to themselves through import.meta.url (the repository root, the
 * server's package.json). In the bundle every file would share dist/'s URL, so each file's
 * import.meta.url is replaced by the URL of its original source file, computed from the bundle's own
 * location: the relative paths keep working wherever the checkout lives.
 */
const sourceLocation = {
  name: 'source-location',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromDist = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: serverDir,
  entryPoints: { server: 'src/server.ts', cli: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  external,
  plugins: [sourceLocation],
  logLevel: 'warning',
});
process.stdout.write(`server built to ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms\n`);
