import { loginAs, loginAsAdmin } from '../../fixtures/login';
import { expect, test } from '../../fixtures/test';
import { AskPage, askText } from '../../pages/ask';
import { LEAVE, LeaveDialog } from '../../pages/leave-dialog';
import { seedDemo } from '../../pages/users';

interface QuestionWire {
  id: string;
  title: string;
  tags: { slug_name: string }[];
}

test.describe('ask a question', () => {
  test('a member asks with two tags and sees the question', async ({ page, startSite }) => {
    test.setTimeout(180_000);
    const site = await startSite({ label: 'qa-ask' });
    const demo = await seedDemo(site, 12);
    const member =
      demo.accounts.find((a) => a.label === 'member') ?? demo.accounts.find((a) => /^member/.test(a.label));
    expect(member, 'agora demo lists a member account').toBeTruthy();
    await loginAs(page, site, member!.email, demo.password, 1);

    const ask = new AskPage(page);
    await page.goto(`${site.url}/questions/ask`);
    await expect(ask.heading).toBeVisible();
    const stamp = Date.now().toString(36);
    const title = `How do I narrow a union type after JSON.parse ${stamp}?`;
    await ask.fillTitle(title);
    await ask.writeBody('JSON.parse returns any. What is the safest way to narrow it to my own union type?');
    await ask.addTag('typescr', 'TypeScript');
    await ask.addTag('javas', 'JavaScript');
    await expect(ask.chosenTags).toHaveText(['TypeScript×', 'JavaScript×']);

    const response = await ask.post();
    expect(response.status()).toBe(200);
    const question = ((await response.json()) as { data: QuestionWire }).data;
    expect(question.tags.map((t) => t.slug_name).sort()).toEqual(['javascript', 'typescript']);

    await expect(page).toHaveURL(new RegExp(`/questions/${question.id}(/|$)`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('link', { name: 'TypeScript', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'JavaScript', exact: true }).first()).toBeVisible();
  });

  test('an empty form shows the validation messages and sends nothing', async ({ page, site }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/answer/api/v1/question') posts.push(r.url());
    });
    await loginAsAdmin(page, site);
    const ask = new AskPage(page);
    await page.goto('/questions/ask');
    await expect(ask.heading).toBeVisible();
    await ask.submit.click();
    await expect(page.getByText(askText('title.empty'))).toBeVisible();
    await expect(page.getByText(askText('body.empty'))).toBeVisible();
    await expect(page.getByText(askText('tags.empty'))).toBeVisible();
    await ask.title.fill('x'.repeat(151));
    await expect(page.getByText(askText('title.too_long', { count: 150 }))).toBeVisible();
    await expect(page.getByText('151/150')).toBeVisible();
    expect(posts).toEqual([]);
  });

  test('a draft survives a reload; leaving with unsaved text asks first', async ({ page, site }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page, site);
    const ask = new AskPage(page);
    await page.goto('/questions/ask');
    await expect(ask.heading).toBeVisible();
    const stamp = Date.now().toString(36);
    await ask.title.fill(`A draft I keep ${stamp}`);
    await ask.writeBody(`Half-written body ${stamp}`);
    // Saved 3 s after the last change.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('agora.qa.draft.ask')), { timeout: 10_000 })
      .toContain(`A draft I keep ${stamp}`);

    // In-app navigation asks (the leave-guard texts); staying keeps the form.
    await page.getByRole('link', { name: 'Tags', exact: true }).first().click();
    const leave = new LeaveDialog(page);
    await expect(leave.dialog).toBeVisible();
    await expect(leave.dialog.getByText(LEAVE.content)).toBeVisible();
    await leave.stay();
    await expect(page).toHaveURL(/\/questions\/ask$/);

    // Reloading asks the browser's beforeunload question; the draft comes back after it.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await expect(ask.heading).toBeVisible();
    expect(dialogs).toEqual(['beforeunload']);
    await expect(ask.title).toHaveValue(`A draft I keep ${stamp}`);
    await expect(page.getByText(askText('draft.restored'))).toBeVisible();
    await expect(page.locator('.CodeMirror').first()).toContainText(`Half-written body ${stamp}`);

    // Discarding (confirmed) empties the form and forgets the draft.
    await page.getByRole('button', { name: askText('draft.discard') }).click();
    const confirm = page.getByRole('dialog', { name: askText('draft.confirm_title') });
    await confirm.getByRole('button', { name: askText('draft.confirm_ok'), exact: true }).click();
    await expect(ask.title).toHaveValue('');
    expect(await page.evaluate(() => window.localStorage.getItem('agora.qa.draft.ask'))).toBeNull();
  });
});
