import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { loginAsAdmin } from '../../fixtures/login';
import { ADMIN, REPO_ROOT } from '../../fixtures/paths';
import { expect, test } from '../../fixtures/test';
import { ApiAs, detailText, QuestionPage } from '../../pages/question';
import { sharedUiText } from '../../pages/shared-ui-text';

const SHARED_UI = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-ui/src/i18n/en_US.json'), 'utf8')) as {
  editor: { image: string; only_image: string; dialog: { image_title: string; image_url: string; image_file: string } };
};
const PEOPLE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-users/src/people/i18n/en_US.json'), 'utf8')) as {
  profile: { tabs_label: string; tab: { questions: string } };
};
const TAGS = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-qa/src/tags/i18n/en_US.json'), 'utf8')) as {
  page: { questions_link: string; nav_label: string };
};

/** The theme's error colour (--agora-danger, #cf1322) and primary colour (#0033FF), as computed styles. */
const DANGER = 'rgb(207, 19, 34)';
const PRIMARY = 'rgb(0, 51, 255)';

interface QuestionWire {
  id: string;
}

/** A question of the administrator's with one comment, tagged e2e-look-{stamp}. */
async function askWithComment(admin: ApiAs, stamp: string): Promise<QuestionWire> {
  const question = await admin.call<QuestionWire>('POST', 'question', {
    title: `Does the page keep its look when antd arrives ${stamp}?`,
    content: 'A question whose comment actions must not change their look when the dialog library loads.',
    tags: [{ slug_name: `e2e-look-${stamp}`, display_name: `e2e-look-${stamp}`, original_text: '' }],
  });
  await admin.call('POST', 'comment', { object_id: question.id, original_text: `A comment to look at (${stamp}).` });
  return question;
}

/** What a reader sees of a row of controls: each one's box and border, and the row's height. */
function lookOf(row: Locator) {
  return row.evaluate((element) => ({
    height: Math.round(element.getBoundingClientRect().height),
    controls: Array.from(element.querySelectorAll('button, a')).map((control) => {
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      return {
        width: Math.round(box.width),
        height: Math.round(box.height),
        border: style.borderTopColor,
        padding: `${style.paddingTop} ${style.paddingLeft}`,
        color: style.color,
      };
    }),
  }));
}

test.describe('the look of the question page and the member pages', () => {
  test('comment actions look the same before and after antd loads (links, not bordered buttons)', async ({
    page,
    site,
  }) => {
    const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    const question = await askWithComment(admin, Date.now().toString(36));
    await page.goto(`${site.url}/questions/${question.id}`);
    const actions = page.getByRole('group', { name: 'Comment actions' }).first();
    await expect(actions).toBeVisible();
    const before = await lookOf(actions);
    expect(before.controls.length).toBeGreaterThan(0);
    for (const control of before.controls)
      expect(control.border, 'a link has no visible border').toBe('rgba(0, 0, 0, 0)');

    // The share menu is antd: opening it loads the library and its styles.
    await page
      .locator('article.qa-question')
      .getByRole('button', { name: detailText('share.label') })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    expect(await lookOf(actions)).toEqual(before);
  });

  test('dialog errors in the error colour; the editor text at its padding; the file field like the others', async ({
    page,
    site,
  }) => {
    const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    const question = await askWithComment(admin, Date.now().toString(36));
    await loginAsAdmin(page, site);
    await page.goto(`${site.url}/questions/${question.id}`);
    const view = new QuestionPage(page);

    // The reason dialog's 'Please select a reason.'
    const actions = page.locator('article.qa-question').getByRole('list', { name: detailText('actions.label') });
    await actions.getByRole('button', { name: detailText('actions.close') }).click();
    const reasons = page.getByRole('dialog', { name: detailText('reason_dialog.close_title') });
    await expect(reasons.getByRole('radio').first()).toBeVisible();
    await reasons.getByRole('button', { name: detailText('actions.submit') }).click();
    const required = reasons.getByText(sharedUiText('reason.select'));
    await expect(required).toBeVisible();
    await expect(required).toHaveCSS('color', DANGER);
    await page.keyboard.press('Escape');
    await expect(reasons).toBeHidden();

    // The answer editor on a desktop screen: the text starts at the editor's own padding, not centred.
    await view.writeAnswer('Left aligned');
    const offset = await view.form.evaluate((form) => {
      const frame = form.querySelector('.bytemd')!.getBoundingClientRect();
      const text = form.querySelector('.CodeMirror-line > span')!.getBoundingClientRect();
      return text.left - frame.left;
    });
    expect(offset).toBeGreaterThan(4);
    expect(offset).toBeLessThanOrEqual(16);

    // The image dialog: its file field has the other fields' border, radius and width; a refusal is red.
    await view.form.getByRole('button', { name: SHARED_UI.editor.image, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: SHARED_UI.editor.dialog.image_title });
    const file = dialog.getByLabel(SHARED_UI.editor.dialog.image_file);
    const url = dialog.getByLabel(SHARED_UI.editor.dialog.image_url);
    await expect(file).toBeVisible();
    const field = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          radius: style.borderTopLeftRadius,
          // Layout sizes: the dialog zooms in, and a box measured during that animation is scaled.
          width: (element as HTMLElement).offsetWidth,
          height: (element as HTMLElement).offsetHeight,
        };
      });
    const [fileField, urlField] = [await field(file), await field(url)];
    expect({ ...fileField, height: 0 }).toEqual({ ...urlField, height: 0 });
    expect(fileField.height).toBeGreaterThanOrEqual(32);
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    const refusal = dialog.getByText(SHARED_UI.editor.only_image);
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveCSS('color', DANGER);
  });

  test('links on the users list, a profile and a tag’s info page use the site’s link style', async ({ page, site }) => {
    const admin = await ApiAs.login(site, ADMIN.email, ADMIN.password);
    const stamp = Date.now().toString(36);
    await askWithComment(admin, stamp);
    const linkStyle = async (link: Locator) => {
      await expect(link).toBeVisible();
      await expect(link).toHaveCSS('color', PRIMARY);
      await expect(link).toHaveCSS('text-decoration-line', 'none');
    };

    await page.goto(`${site.url}/users`);
    await linkStyle(page.locator('main').getByRole('link', { name: ADMIN.name, exact: true }).first());
    await page.goto(`${site.url}/users/${ADMIN.name}/questions`);
    await expect(
      page
        .getByRole('navigation', { name: PEOPLE.profile.tabs_label })
        .getByRole('link', { name: PEOPLE.profile.tab.questions, exact: true }),
    ).toBeVisible();
    await linkStyle(page.getByRole('link', { name: new RegExp(`antd arrives ${stamp}`) }));
    await page.goto(`${site.url}/tags/e2e-look-${stamp}/info`);
    await linkStyle(
      page
        .getByRole('navigation', { name: TAGS.page.nav_label })
        .getByRole('link', { name: TAGS.page.questions_link, exact: true }),
    );
  });
});
