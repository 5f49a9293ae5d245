import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { SHELL_DIST } from '../../fixtures/paths';
import { coreRemotes } from '../../fixtures/server';
import { AppShell, RemoteArea } from '../../pages/app-shell';

interface RemoteListDoc {
  remotes: { name: string; entry: string }[];
  plugins: { slug_name: string; name: string; entry: string }[];
}

const pathOf = (url: string) => new URL(url).pathname;

test('the shell reads /remotes.json at start-up and loads a remote only on the first navigation into its routes', async ({
  page,
  requests,
  site,
}) => {
  const shell = new AppShell(page);
  await page.goto('/users');
  await expectRemoteRendered(page, 'mf_users');

  const remoteListAt = requests.urls.findIndex((u) => pathOf(u) === '/remotes.json');
  expect(remoteListAt, 'GET /remotes.json at start-up').toBeGreaterThanOrEqual(0);
  const firstManifestAt = requests.urls.findIndex((u) => pathOf(u).endsWith('/mf-manifest.json'));
  expect(remoteListAt, 'the remote list is read before any manifest').toBeLessThan(firstManifestAt);
  expect(requests.manifests().map(pathOf)).toContain('/remotes/mf_users/mf-manifest.json');
  expect(requests.manifests().map(pathOf), 'mf_qa is not loaded before its routes are visited').not.toContain(
    '/remotes/mf_qa/mf-manifest.json',
  );

  await shell.sideNavLink('Questions').click();
  await expect(page).toHaveURL(`${site.url}/questions`);
  await expectRemoteRendered(page, 'mf_qa');
  expect(requests.manifests().map(pathOf)).toContain('/remotes/mf_qa/mf-manifest.json');
  expect(requests.matching(/^\/remotes\.json$/), 'the remote list is read once').toHaveLength(1);

  // Only remotes the server lists are ever loaded.
  const list = (await (await fetch(`${site.url}/remotes.json`)).json()) as RemoteListDoc;
  const listed = new Set([...list.remotes, ...list.plugins].map((r) => new URL(r.entry, site.url).href));
  for (const manifest of requests.manifests()) expect(listed, `${manifest} is in /remotes.json`).toContain(manifest);
});

test('a remote the server does not list is never requested: its routes show the error panel', async ({
  page,
  requests,
  startSite,
  guard,
}) => {
  const server = await startSite({ remotes: coreRemotes({ mf_review: null }), label: 'no-review' });
  guard.allow(/mf_review/);
  const list = (await (await fetch(`${server.url}/remotes.json`)).json()) as RemoteListDoc;
  expect(list.remotes.map((r) => r.name)).not.toContain('mf_review');

  await page.goto(`${server.url}/review`);
  const area = new RemoteArea(page);
  await expect(area.panel).toBeVisible();
  await expect(area.retry).toBeVisible();
  expect(requests.urls.filter((u) => /mf_review|mf-review/.test(u))).toEqual([]);
  const listed = new Set(list.remotes.map((r) => new URL(r.entry, server.url).href));
  for (const manifest of requests.manifests()) expect(listed).toContain(manifest);
});

test("the shell's build holds no remote location", async () => {
  const files = readdirSync(SHELL_DIST, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.(js|html|json|css)$/.test(f) && !f.endsWith('.map'),
  );
  expect(files.length).toBeGreaterThan(0);
  const forbidden = [
    /\/remotes\/mf_/, // served remote folders
    /\/plugins\/[a-z0-9]/, // served plugin folders
    /[\w-]+\/mf-manifest\.json/, // any manifest URL
    /[\w-]+\/remoteEntry\.js/, // any remote entry URL
    /(?:127\.0\.0\.1|localhost):30\d\d/, // development servers of the remotes
  ];
  const hits: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(SHELL_DIST, file), 'utf8');
    for (const re of forbidden) {
      const match = re.exec(text);
      if (match) hits.push(`${file}: ${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40)}`);
    }
  }
  expect(hits).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.join(SHELL_DIST, 'mf-manifest.json'), 'utf8')) as {
    remotes: unknown[];
  };
  expect(manifest.remotes, 'the shell declares no build-time remotes').toEqual([]);
});
