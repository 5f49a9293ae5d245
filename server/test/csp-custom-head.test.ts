import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customHeadSources } from '../src/lib/custom-head-csp';
import { makeApp, testConfig } from './helpers';

function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const INLINE =
  "\n  window.dataLayer = window.dataLayer || [];\n  function gtag(){dataLayer.push(arguments);}\n  gtag('config', 'G-TEST');\n";
const HEAD = [
  '<meta name="site-verification" content="abc">',
  '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>',
  `<script>${INLINE}</script>`,
  "<script defer data-domain='example.org' src='//plausible.io/js/script.js'></script>",
  '<script src="/local.js"></script>',
].join('\n');

describe('the Content-Security-Policy of the custom head HTML', () => {
  it('reads the hashes of inline scripts and the origins of external ones, nothing else', () => {
    expect(customHeadSources(HEAD)).toEqual({
      scripts: ['https://www.googletagmanager.com', sha256(INLINE), 'https://plausible.io'],
      connect: ['https://www.googletagmanager.com', 'https://plausible.io'],
    });
    expect(customHeadSources('<style>body{}</style><script src="javascript:alert(1)"></script>')).toEqual({
      scripts: [],
      connect: [],
    });
  });

  it('a page allows the custom inline script and the external script; an unrelated inline script is not', async () => {
    const app = await makeApp(testConfig({ site: { custom_css_html: { custom_head: HEAD } } }));
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://cdn.example.com',
      'https://www.googletagmanager.com',
      sha256(INLINE),
      'https://plausible.io',
    ]);
    expect(csp['script-src']).not.toContain(sha256("alert('not the administrator's')"));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://cdn.example.com',
      'https://www.googletagmanager.com',
      'https://plausible.io',
    ]);
    // Nothing else changes.
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.example.com']);
    expect(csp['object-src']).toEqual(["'none'"]);
    // API answers keep the plain policy.
    const api = directives(
      (await app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' })).headers['content-security-policy'],
    );
    expect(api['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
  });

  it('a site without custom scripts keeps the plain policy on its pages', async () => {
    const app = await makeApp(
      testConfig({ site: { custom_css_html: { custom_head: '<meta name="x" content="y">' } } }),
    );
    const csp = directives((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
  });
});
