import type { Page } from '@playwright/test';
import { HOSTILE } from '../../../server/test/render/hostile-corpus';
import { loginAsAdmin } from '../../fixtures/login';
import type { RunningServer } from '../../fixtures/server';
import { expect, test } from '../../fixtures/test';

// No script from member content, in a real Chromium: everything of the hostile corpus is posted as
// questions, answers and comments, and the question pages that show it (with the client's own
// highlighting and mermaid diagrams) must run none of it: no dialog opens, no element carries an event
// handler attribute, no link or source points at a script URL.

const API = '/answer/api/v1';

/** Mermaid payloads: script in labels, click callbacks, javascript: links. */
const MERMAID = [
  '```mermaid\ngraph TD\n  A["<img src=x onerror=alert(11)>"] --> B["<script>alert(12)</script>"]\n  click A call alert(13)\n  click B "javascript:alert(14)"\n```',
  '```mermaid\nsequenceDiagram\n  Alice->>Bob: <img src=x onerror=alert(15)>\n  Note right of Bob: <a href="javascript:alert(16)">x</a>\n```',
];

async function call<T>(site: RunningServer, token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${site.url}${API}/${path}`, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * What the members' content on a page (post bodies, comments) holds that could run script, read from
 * the live DOM after every client-side effect (highlighting, diagrams).
 */
async function executableBits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const content = document.querySelectorAll('.agora-post-content, .qa-comment__text');
    if (content.length === 0) found.push('no member content on the page');
    const scriptUrl = /^\s*(javascript|vbscript|data:text\/html)/i;
    for (const element of Array.from(content).flatMap((root) => Array.from(root.querySelectorAll('*')))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${element.tagName} ${name}=${attribute.value}`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name) &&
          scriptUrl.test(attribute.value)
        )
          found.push(`${element.tagName} ${name}=${attribute.value}`);
      }
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'FORM'].includes(element.tagName))
        found.push(`<${element.tagName.toLowerCase()}>`);
    }
    return found;
  });
}

test.describe('hostile content in the browser (markdown and diagrams)', () => {
  test('posts, answers, comments and diagrams full of script run none of it', async ({ page, startSite, guard }) => {
    test.setTimeout(180_000);
    const site = await startSite();
    const admin = await loginAsAdmin(page, site);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Hostile sources point at hosts that do not exist and at blocked schemes: the browser may log
    // refused loads; none of that is a product error.
    guard.allow(/Content Security Policy|Refused to|net::ERR_|Failed to load resource|evil\.example|ok\.example/);
    // External images: a new site asks before showing images from other hosts, so the page fetches nothing from them.
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^(https?|wss?):$/.test(url.protocol) && url.hostname !== new URL(site.url).hostname) foreign.push(url.href);
    });
    let externalImageButtons = 0;

    // The corpus in four questions (the content limit allows 10 posts a minute per member).
    const chunks = [0, 1, 2, 3].map((i) => HOSTILE.filter((_, n) => n % 4 === i));
    const questions: { id: string; title: string }[] = [];
    for (const [i, chunk] of chunks.entries()) {
      const title = `Hostile corpus part ${i + 1}`;
      const content = [...chunk, `End of part ${i + 1}.`].join('\n\n');
      const question = await call<{ id: string }>(site, admin.access_token, 'POST', 'question', {
        title,
        content,
        tags: [{ slug_name: 'support' }],
      });
      questions.push({ id: question.id, title });
    }
    // Diagrams in an answer, the corpus's shortest entries in comments.
    await call(site, admin.access_token, 'POST', 'answer', {
      question_id: questions[0]!.id,
      content: `Diagrams:\n\n${MERMAID.join('\n\n')}\n\nEnd of diagrams.`,
    });
    const short = HOSTILE.filter((source) => source.length >= 2 && source.length <= 600).slice(0, 12);
    for (const text of [short.slice(0, 6).join(' '), short.slice(6, 12).join(' ')])
      await call(site, admin.access_token, 'POST', 'comment', {
        object_id: questions[0]!.id,
        original_text: text.slice(0, 600),
        mention_username_list: [],
      });

    for (const [i, question] of questions.entries()) {
      await page.goto(`${site.url}/questions/${question.id}`);
      await expect(page.getByRole('heading', { level: 1, name: question.title })).toBeVisible();
      await expect(page.getByText(`End of part ${i + 1}.`)).toBeVisible();
      if (i === 0) {
        await expect(page.getByText('End of diagrams.')).toBeVisible();
        // Both diagrams render as SVG (mermaid ran) — and clicking their nodes runs nothing.
        const diagrams = page.locator('main .agora-mermaid svg');
        await expect(diagrams).toHaveCount(MERMAID.length, { timeout: 30_000 });
        for (const node of await page.locator('main svg .node').all()) await node.click({ force: true });
      }
      // Hover and click every link the content kept (a handler or script URL would fire now).
      for (const link of await page.locator('.agora-post-content a[href], .qa-comment__text a[href]').all()) {
        await link.hover({ force: true });
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).not.toMatch(/^\s*(javascript|vbscript|data:)/i);
      }
      await page.waitForTimeout(500);
      expect(await executableBits(page), `question part ${i + 1}`).toEqual([]);
      externalImageButtons += await page.getByRole('button', { name: /^Show image from / }).count();
    }
    expect(dialogs).toEqual([]);
    expect(externalImageButtons, 'external images wait behind a button').toBeGreaterThan(0);
    expect(foreign).toEqual([]);
  });
});
