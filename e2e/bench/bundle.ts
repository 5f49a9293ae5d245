// `pnpm bench:bundle`: what Chromium actually fetches to render / and a question page from the PRODUCTION
// build served by the real server, with the cache disabled. Prints, per page, the count and the raw and
// gzip -9 bytes of JS and CSS, split into the shell and each remote, and the share of the 250 KB JS target.
// A measurement, not a test: it exits 0 whatever the figures are (non-zero only when it cannot measure).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { ensureProductionDists } from '../fixtures/builds';
import { CHROMIUM } from '../fixtures/chromium';
import { TMP_DIR } from '../fixtures/paths';
import { coreRemotes, startServer, type RunningServer } from '../fixtures/server';

const PAGES = [
  { label: 'home', path: '/', remote: 'mf_qa' },
  { label: 'question', path: '/questions/10010000000000001', remote: 'mf_qa' },
] as const;
/** The target for the first page (docs/performance/page-weight.md): at most 250 KB gzip of JS (1 KB = 1000 bytes here). */
const JS_TARGET_BYTES = 250_000;

interface Asset {
  url: string;
  part: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

function kindOf(url: URL, contentType: string): 'js' | 'css' | null {
  if (url.pathname.endsWith('.js') || /javascript/.test(contentType)) return 'js';
  if (url.pathname.endsWith('.css') || /text\/css/.test(contentType)) return 'css';
  return null;
}

/** shell, or the remote / plugin folder the file was served from. */
function partOf(url: URL): string {
  const match = /^\/(remotes|plugins)\/([^/]+)\//.exec(url.pathname);
  if (!match) return 'shell';
  return match[1] === 'plugins' ? `plugin:${match[2]}` : match[2]!;
}

async function measure(page: Page, url: string, remote: string): Promise<Asset[]> {
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response) => {
    const u = new URL(response.url());
    const kind = kindOf(u, response.headers()['content-type'] ?? '');
    if (!kind || response.status() !== 200) return;
    pending.push(
      response.body().then(
        (body) => ({
          url: u.pathname,
          part: partOf(u),
          kind,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Rendered: the remote's root reported itself (or give up waiting and measure what came).
  await page
    .waitForFunction(
      (name) => !!(globalThis as { __AGORA_SINGLETONS__?: Record<string, unknown> }).__AGORA_SINGLETONS__?.[name],
      remote,
      {
        timeout: 15_000,
      },
    )
    .catch(() => console.warn(`warning: ${remote} did not report rendering on ${url}`));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return (await Promise.all(pending)).filter((a): a is Asset => a !== null);
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function table(assets: Asset[]): string {
  const parts = [...new Set(assets.map((a) => a.part))].sort((a, b) =>
    a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b),
  );
  const rows = [...parts, 'total'].map((part) => {
    const of = (kind: 'js' | 'css') => assets.filter((a) => a.kind === kind && (part === 'total' || a.part === part));
    const sum = (list: Asset[], key: 'raw' | 'gzip') => list.reduce((n, a) => n + a[key], 0);
    const js = of('js');
    const css = of('css');
    return [
      part,
      js.length,
      kb(sum(js, 'raw')),
      kb(sum(js, 'gzip')),
      css.length,
      kb(sum(css, 'raw')),
      kb(sum(css, 'gzip')),
    ].map(String);
  });
  const header = ['part', 'JS files', 'JS raw KB', 'JS gzip KB', 'CSS files', 'CSS raw KB', 'CSS gzip KB'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

async function main() {
  await ensureProductionDists();
  let server: RunningServer | undefined;
  const browser = await chromium.launch({ ...CHROMIUM, headless: true });
  try {
    server = await startServer({ remotes: coreRemotes(), plugins: [], label: 'bench' });
    const results: Record<string, Asset[]> = {};
    console.log('Page weight of the production build: JS and CSS Chromium fetched with the cache disabled.');
    console.log('raw = bytes as served (uncompressed), gzip = gzip -9 of the body (Node zlib); 1 KB = 1000 bytes.\n');
    for (const { label, path: urlPath, remote } of PAGES) {
      // A fresh context per page: nothing cached, nothing shared between the two measurements.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const assets = await measure(page, `${server.url}${urlPath}`, remote);
      await context.close();
      results[label] = assets;
      const jsGzip = assets.filter((a) => a.kind === 'js').reduce((n, a) => n + a.gzip, 0);
      const shellJs = assets.filter((a) => a.kind === 'js' && a.part === 'shell').reduce((n, a) => n + a.gzip, 0);
      console.log(`${urlPath}`);
      console.log(table(assets));
      console.log(
        `JS gzip: ${kb(jsGzip)} KB = ${((jsGzip / JS_TARGET_BYTES) * 100).toFixed(0)}% of the 250 KB target` +
          ` (shell ${kb(shellJs)} KB, remotes ${kb(jsGzip - shellJs)} KB)`,
      );
      // The admin area's code (and the antd its screens load) must never reach these public pages.
      const adminFiles = assets.filter((a) => a.part === 'mf_admin');
      console.log(
        adminFiles.length
          ? `WARNING: admin code on ${urlPath}: ${adminFiles.map((a) => a.url).join(', ')}`
          : `admin code on ${urlPath}: none`,
      );
      const largest = [...assets].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
      console.log(`largest: ${largest.map((a) => `${a.url} ${kb(a.gzip)} KB`).join(', ')}\n`);
    }
    mkdirSync(TMP_DIR, { recursive: true });
    const out = path.join(TMP_DIR, 'bench-bundle.json');
    writeFileSync(
      out,
      JSON.stringify(
        { measuredAt: new Date().toISOString(), targetJsGzipBytes: JS_TARGET_BYTES, pages: results },
        null,
        2,
      ),
    );
    console.log(`Per-file figures: ${path.relative(process.cwd(), out)}`);
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
