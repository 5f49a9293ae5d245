import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import { copyDist, hashTree, readManifest } from '../../fixtures/files';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { loginAsAdmin } from '../../fixtures/login';
import { coreRemoteDist, REVIEW_V2_DIST, REVIEW_V2_MARKER, SHELL_DIST } from '../../fixtures/paths';
import { coreRemotes } from '../../fixtures/server';
import { ModerationApi } from '../../pages/moderation';
import { ReviewPage } from '../../pages/review';
import { uniqueWord } from '../../pages/tags';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Replaces every file of a deployed remote, as a deployment tool would. */
function deploy(from: string, to: string) {
  for (const entry of readdirSync(to)) rmSync(path.join(to, entry), { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

test('mf-review rebuilt and replaced while the site runs shows the new build with the same real task; shell and server untouched', async ({
  page,
  startSite,
  scratch,
}) => {
  const reviewDir = copyDist(coreRemoteDist('mf_review'), path.join(scratch('mf-review-deploy'), 'dist'));
  const shellBefore = hashTree(SHELL_DIST);
  const server = await startSite({
    remotes: coreRemotes({ mf_review: { name: 'mf_review', dir: reviewDir } }),
    label: 'deploy',
  });
  const pid = server.pid;
  const manifestUrl = `${server.url}/remotes/mf_review/mf-manifest.json`;

  // A real task in the queue: a question flagged through the API.
  const admin = await ModerationApi.admin(server);
  const word = uniqueWord('deploy');
  const question = await admin.ask(`Which release carries ${word}?`, `The ${word} question the review queue shows.`, [
    word,
  ]);
  await admin.flag(question.id, 'question');

  await loginAsAdmin(page, server);
  const review = new ReviewPage(page);
  await page.goto(`${server.url}/review?type=flagged_post`);
  await expectRemoteRendered(page, 'mf_review');
  await expect(await review.showTask(word)).toContainText(`Which release carries ${word}?`);
  await expect(page.getByText(REVIEW_V2_MARKER)).toHaveCount(0);
  const v1 = await (await fetch(manifestUrl)).json();

  deploy(REVIEW_V2_DIST, reviewDir);

  await page.reload();
  await expectRemoteRendered(page, 'mf_review');
  await expect(page.getByText(REVIEW_V2_MARKER)).toBeVisible();
  await expect(await review.showTask(word), 'the same task, from the same running server').toContainText(
    `Which release carries ${word}?`,
  );
  await expect(review.action('flags.delete')).toBeEnabled();
  const v2 = await (await fetch(manifestUrl)).json();
  expect(v2, 'the served manifest is the new build').toEqual(readManifest(REVIEW_V2_DIST));
  expect(v2).not.toEqual(v1);

  expect(hashTree(SHELL_DIST), "the shell's files are byte-identical").toEqual(shellBefore);
  expect(server.running(), 'the server kept running (same process, never restarted)').toBe(true);
  expect(() => process.kill(pid, 0), `process ${pid} is alive`).not.toThrow();
  expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
});

test('manifests, remote entries and the remote list are never cached; content-hashed assets are immutable', async ({
  site,
}) => {
  const cacheControl = async (urlPath: string) => {
    const response = await fetch(`${site.url}${urlPath}`);
    expect(response.status, urlPath).toBe(200);
    return response.headers.get('cache-control');
  };
  expect(await cacheControl('/remotes.json')).toBe('no-store');
  for (const remote of ['mf_qa', 'mf_users', 'mf_review', 'mf_admin', 'mf_install']) {
    expect(await cacheControl(`/remotes/${remote}/mf-manifest.json`)).toBe('no-store');
    expect(await cacheControl(`/remotes/${remote}/remoteEntry.js`)).toBe('no-store');
    const manifest = readManifest(coreRemoteDist(remote as 'mf_qa'));
    const hashed = manifest.exposes.flatMap((e) => [
      ...e.assets.js.sync,
      ...e.assets.js.async,
      ...e.assets.css.sync,
      ...e.assets.css.async,
    ]);
    expect(hashed.length).toBeGreaterThan(0);
    for (const asset of hashed) {
      expect(asset, 'exposed assets carry a content hash').toMatch(/\.[0-9a-f]{8}\.(js|css)$/);
      expect(await cacheControl(`/remotes/${remote}/${asset}`)).toBe(IMMUTABLE);
    }
  }
  expect(await cacheControl('/plugins/hello/mf-manifest.json')).toBe('no-store');
  const shellAssets = readdirSync(SHELL_DIST).filter((f) => /\.[0-9a-f]{8}\.(js|css)$/.test(f));
  expect(shellAssets.length).toBeGreaterThan(0);
  for (const asset of shellAssets) expect(await cacheControl(`/${asset}`)).toBe(IMMUTABLE);
  expect(await cacheControl('/')).toBe('no-store');
});
