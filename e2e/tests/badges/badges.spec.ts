import { loginAs, loginAsAdmin } from '../../fixtures/login';
import { expect, test } from '../../fixtures/test';
import { newAccount } from '../../pages/accounts';
import { AdminApi, adminText, escapeRegExp } from '../../pages/admin';
import { BadgePages, badgeName, badgesText, type BadgeWire } from '../../pages/badges';
import { ApiAs, detailText, QuestionPage } from '../../pages/question';
import { peopleText } from '../../pages/users';

interface QuestionWire {
  id: string;
}
interface AnswerWire {
  info: { id: string };
}
interface Groups {
  group_name: string;
  badges: BadgeWire[];
}

/** The badge a first accepted answer earns, by its English name in the server's catalogue. */
const ACCEPTED = new RegExp(`^${escapeRegExp(badgeName('first_accepted'))}$`);

// Badges in the browser, on a fresh site (no demo content: nobody holds a badge yet). Member A
// asks, member B answers, A accepts B's answer: B, looking at the site, is told of the badge; B's profile (tab
// and recent card), the catalogue (with its count and B's earned marker) and the badge page (B as a recipient)
// show it. Then the administrator switches the badge off on the admin screen and the catalogue drops it.
test.describe('badges', () => {
  test('an accepted answer earns a badge, shown everywhere; switched off, it leaves the catalogue', async ({
    page,
    browser,
    guard,
    startSite,
  }) => {
    test.setTimeout(240_000);
    const site = await startSite({ label: 'badges', env: { AGORA_RATE_LIMITS: 'off' }, captcha: { enabled: false } });
    const admin = await AdminApi.login(site);
    const asker = newAccount('asker');
    const answerer = newAccount('answerer');
    for (const member of [asker, answerer])
      await admin.admin('POST', 'user', { display_name: member.name, email: member.email, password: member.password });

    // The administrator's question creates the tag; A asks with it, B answers (through the API).
    const stamp = Date.now().toString(36);
    const tag = { slug_name: `e2e-badges-${stamp}`, display_name: `e2e-badges-${stamp}`, original_text: '' };
    await admin.call('POST', 'question', {
      title: `Which tag holds the badge tests ${stamp}?`,
      content: 'A question that only brings the tag into being for the members who follow.',
      tags: [tag],
    });
    const a = await ApiAs.login(site, asker.email, asker.password);
    const question = await a.call<QuestionWire>('POST', 'question', {
      title: `How do I read a file line by line ${stamp}?`,
      content: 'The whole file does not fit in memory. How do I go through it one line at a time?',
      tags: [tag],
    });
    const b = await ApiAs.login(site, answerer.email, answerer.password);
    const answer = await b.call<AnswerWire>('POST', 'answer', {
      question_id: question.id,
      content: `Open a read stream and iterate over its lines with readline (${stamp}).`,
    });

    // B is on the site, logged in, while A accepts the answer.
    const context = await browser.newContext({ baseURL: site.url });
    const bPage = await context.newPage();
    guard.watch(bPage);
    try {
      const { username } = await loginAs(bPage, site, answerer.email, answerer.password, 1);
      await bPage.goto('/questions');

      await loginAs(page, site, asker.email, asker.password, 1);
      await page.goto(`${site.url}/questions/${question.id}`);
      const view = new QuestionPage(page);
      await view
        .answer(answer.info.id)
        .getByRole('button', { name: detailText('answers.accept_label') })
        .click();
      await expect(view.answer(answer.info.id).getByText(detailText('answers.accepted'))).toBeVisible();

      // The badge, as the server names it: the one of B's awards about accepting.
      let earned: BadgeWire | undefined;
      await expect
        .poll(
          async () => {
            const mine = await b.call<{ list: BadgeWire[] }>(
              'GET',
              `badge/user/awards?username=${encodeURIComponent(username)}`,
            );
            earned = mine.list.find((badge) => ACCEPTED.test(badge.name));
            return earned?.name ?? '';
          },
          { timeout: 20_000 },
        )
        .toMatch(ACCEPTED);
      const badge = earned!;

      // 1. B is told: a toast naming the badge.
      await expect(bPage.getByText(new RegExp(escapeRegExp(badge.name))).first()).toBeVisible({ timeout: 20_000 });

      // 2. B's profile: the Badges tab and the overview's recent card link to the badge.
      const profileTabs = bPage.getByRole('navigation', { name: peopleText('profile.tabs_label') });
      await bPage.goto(`/users/${encodeURIComponent(username)}`);
      const recent = bPage.getByRole('region', { name: badgesText('profile.recent') });
      await expect(recent.getByRole('link', { name: badge.name, exact: true })).toHaveAttribute(
        'href',
        `/badges/${badge.id}`,
      );
      await profileTabs.getByRole('link', { name: badgesText('profile.tab'), exact: true }).click();
      await expect(bPage).toHaveURL(new RegExp(`/users/${escapeRegExp(encodeURIComponent(username))}/badges$`));
      const tab = bPage.getByRole('region', { name: badgesText('profile.tab'), exact: true });
      await expect(tab.getByRole('link', { name: badge.name, exact: true })).toHaveAttribute(
        'href',
        `/badges/${badge.id}`,
      );

      // 3. The catalogue: the badge with how many members earned it (B alone on this site) and B's marker.
      const catalogue = await admin.call<Groups[]>('GET', 'badges');
      const listed = catalogue.flatMap((group) => group.badges).find((item) => item.id === badge.id);
      expect(listed?.award_count, 'B is the only member holding it').toBe(1);
      const card = await new BadgePages(bPage).catalogueCard(badge.name);
      await expect(card.getByText(badgesText('catalogue.awarded', { count: 1, value: '1' }))).toBeVisible();
      await expect(card.getByText(badgesText('catalogue.earned', { count: 1 }), { exact: true })).toBeVisible();

      // 4. The badge's page lists B as a recipient, linking to B's profile.
      const recipients = await new BadgePages(bPage).recipients(badge.id, badge.name);
      await expect(recipients.getByRole('link', { name: answerer.name, exact: true })).toHaveAttribute(
        'href',
        `/users/${encodeURIComponent(username)}`,
      );

      // 5. The administrator switches the badge off; the catalogue no longer lists it.
      const adminPage = await browser.newPage({ baseURL: site.url });
      guard.watch(adminPage);
      try {
        await loginAsAdmin(adminPage, site);
        const row = await new BadgePages(adminPage).adminRow(badge.name);
        const toggle = row.getByRole('switch', { name: adminText('badges.switch_named', { name: badge.name }) });
        await expect(toggle).toBeChecked();
        await toggle.click();
        await expect(adminPage.getByText(adminText('badges.deactivated', { name: badge.name }))).toBeVisible();
        await expect(toggle).not.toBeChecked();
      } finally {
        await adminPage.close();
      }
      await bPage.goto('/badges');
      await expect(bPage.getByRole('heading', { level: 1, name: badgesText('catalogue.title') })).toBeVisible();
      await expect(bPage.locator('li.badges-card').first()).toBeVisible();
      await expect(bPage.getByRole('link', { name: badge.name, exact: true })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
