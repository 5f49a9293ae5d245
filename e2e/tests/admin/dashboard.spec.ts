import { loginAsAdmin } from '../../fixtures/login';
import { expectRemoteRendered } from '../../fixtures/navigation';
import { AdminDashboardPage } from '../../pages/admin-dashboard';
import { DEMO_QUESTIONS, expect, test } from './fixture';

interface QuestionRow {
  id: string;
  answer_count: number;
}

test("the dashboard's figures match the site's questions, answers and members", async ({ page, admin }) => {
  // What the site holds, counted through the public lists and the members list.
  const questions: QuestionRow[] = [];
  for (let p = 1; ; p += 1) {
    const page = await admin.api.call<{ count: number; list: QuestionRow[] }>(
      'GET',
      `question/page?page=${p}&page_size=50&order=newest`,
    );
    questions.push(...page.list);
    if (questions.length >= page.count || page.list.length === 0) break;
  }
  expect(questions.length, 'agora demo made the questions').toBeGreaterThanOrEqual(DEMO_QUESTIONS);
  const answers = questions.reduce((sum, q) => sum + q.answer_count, 0);
  expect(answers, 'agora demo answered some').toBeGreaterThan(0);
  const members = await admin.api.admin<{ count: number }>('GET', 'users/page?page=1&page_size=1');
  expect(members.count).toBeGreaterThan(admin.demo.accounts.length);

  await loginAsAdmin(page, admin.site);
  const dashboard = new AdminDashboardPage(page);
  await dashboard.open();
  await expectRemoteRendered(page, 'mf_admin');
  await expect.poll(() => dashboard.count('statistics', 'questions')).toBe(questions.length);
  expect(await dashboard.count('statistics', 'answers')).toBe(answers);
  expect(await dashboard.count('statistics', 'users')).toBe(members.count);
});
