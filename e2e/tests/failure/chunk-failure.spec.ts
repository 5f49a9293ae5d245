import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/test';
import { copyDist, readManifest } from '../../fixtures/files';
import { expectRemoteRendered, expectSameDocument, markDocument } from '../../fixtures/navigation';
import { coreRemoteDist, STYLED_REMOTE_DIST } from '../../fixtures/paths';
import { coreRemotes } from '../../fixtures/server';
import { AppShell, RemoteArea, TEXT } from '../../pages/app-shell';

test('a missing lazy JS chunk of a remote shows the chunk-load error in its area; retry recovers once it is back', async ({
  page,
  startSite,
  scratch,
  guard,
}) => {
  const qaDir = copyDist(coreRemoteDist('mf_qa'), path.join(scratch('mf-qa-chunks'), 'dist'));
  const expose = readManifest(qaDir).exposes.find((e) => e.name === 'routes');
  const lazyChunks = expose?.assets.js.async ?? [];
  expect(lazyChunks.length, "mf_qa's routes module has lazy chunks").toBeGreaterThan(0);
  for (const chunk of lazyChunks) rmSync(path.join(qaDir, chunk));

  const server = await startSite({ remotes: coreRemotes({ mf_qa: { name: 'mf_qa', dir: qaDir } }), label: 'qa-chunk' });
  // The deleted chunk's 404 (the browser refuses the JSON error body as a script), and the federation
  // runtime's note that retry re-registers mf_qa on purpose.
  guard.allow(
    /status of 404/,
    ...lazyChunks.map((c) => new RegExp(c.replace(/\./g, '\\.'))),
    /The remote "mf_qa" is already registered/,
  );
  await page.goto(`${server.url}/questions`);
  await markDocument(page);
  const area = new RemoteArea(page);
  await expect(area.panel).toBeVisible();
  await expect(area.panel).toContainText(TEXT.chunkFailed);
  await expect(area.panel).toContainText('CHUNK_LOAD_FAILED');
  await expect(new AppShell(page).header).toBeVisible();

  cpSync(coreRemoteDist('mf_qa'), qaDir, { recursive: true });
  await area.retry.click();
  await expectRemoteRendered(page, 'mf_qa');
  await expectSameDocument(page);
});

test('a missing lazy style-sheet chunk shows the chunk-load error with code CSS_CHUNK_LOAD_FAILED', async ({
  page,
  startSite,
  scratch,
  guard,
}) => {
  // Baseline: the styled fixture renders when its chunks are all there.
  const intact = await startSite({
    remotes: coreRemotes({ mf_review: { name: 'mf_review', dir: STYLED_REMOTE_DIST } }),
    label: 'css-intact',
  });
  await page.goto(`${intact.url}/review`);
  await expect(page.getByTestId('styled-review')).toBeVisible();

  const dir = copyDist(STYLED_REMOTE_DIST, path.join(scratch('styled-remote'), 'dist'));
  const cssChunks = readManifest(dir).exposes.flatMap((e) => e.assets.css.async);
  expect(cssChunks.length, 'the fixture has a lazy CSS chunk').toBeGreaterThan(0);
  for (const chunk of cssChunks) rmSync(path.join(dir, chunk));
  const broken = await startSite({
    remotes: coreRemotes({ mf_review: { name: 'mf_review', dir } }),
    label: 'css-missing',
  });
  // The deleted sheet's 404 and MIME refusal, and React reporting the error its boundary caught.
  guard.allow(
    /status of 404/,
    ...cssChunks.map((c) => new RegExp(c.replace(/\./g, '\\.'))),
    /ChunkLoadError: Loading css chunk \d+ failed/,
  );

  await page.goto(`${broken.url}/review`);
  const area = new RemoteArea(page);
  await expect(area.panel).toBeVisible();
  await expect(area.panel).toContainText(TEXT.chunkFailed);
  await expect(area.panel).toContainText('CSS_CHUNK_LOAD_FAILED');
  await expect(page.getByTestId('styled-review')).toHaveCount(0);
  await expect(new AppShell(page).header).toBeVisible();
});
