import { loginAs } from '../../fixtures/login';
import { linkIn, startMailSink } from '../../fixtures/mail';
import { expect, test } from '../../fixtures/test';
import { NotificationLinks, NotificationsPage, notificationText } from '../../pages/notifications';
import { ApiAs, QuestionPage } from '../../pages/question';
import { PeoplePages, peopleText, seedDemo } from '../../pages/users';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface QuestionWire {
  id: string;
}
interface NotificationChannel {
  key: string;
  enable: boolean;
}

/**
 * Notifications end to end on a demo site with a mail sink: member B answers member A's question; A, on
 * another page, sees the bell's dot come within the poll; the inbox names B and the question; the entry
 * lands on the answer and the dot is gone. Then A comments on B's answer: B (inbox e-mails on) gets the
 * mail, follows its unsubscribe link, and the Notifications settings show the inbox e-mails off.
 */
test.describe('notifications', () => {
  test('the inbox dot, the entry landing on the answer, and unsubscribing from the inbox mail', async ({
    page,
    browser,
    guard,
    startSite,
  }) => {
    test.setTimeout(240_000);
    const mail = await startMailSink();
    try {
      const site = await startSite({
        label: 'notifications-inbox',
        smtp: mail,
        env: { AGORA_RATE_LIMITS: 'off' },
        captcha: { enabled: false },
      });
      const demo = await seedDemo(site, 6);
      const asker = demo.accounts.find((a) => a.label === 'member');
      const answerer = demo.accounts.find((a) => a.label === 'member (top reputation)');
      expect(asker && answerer, 'the demo lists both members').toBeTruthy();
      const a = await ApiAs.login(site, asker!.email, demo.password);
      const b = await ApiAs.login(site, answerer!.email, demo.password);

      // B wants inbox e-mails (the rest of B's mail settings as they are).
      const config = await b.call<Record<string, NotificationChannel>>('GET', 'user/notification/config');
      await b.call('PUT', 'user/notification/config', { ...config, inbox: { key: 'email', enable: true } });

      const stamp = Date.now().toString(36);
      const title = `Why does my service worker cache stale pages ${stamp}?`;
      const question = await a.call<QuestionWire>('POST', 'question', {
        title,
        content: 'After a deploy the old pages keep coming back until I clear the site data. What am I missing?',
        tags: [{ slug_name: 'javascript', display_name: 'javascript', original_text: '' }],
      });

      // A opens the inbox once (the demo left entries there; opening the tab clears the dot), then reads
      // another page: no dot on the bell.
      await loginAs(page, site, asker!.email, demo.password, 1);
      const links = new NotificationLinks(page);
      const inbox = new NotificationsPage(page);
      // (The visit is recorded by PUT notification/status: wait for it before leaving the page.)
      const visited = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/answer/api/v1/notification/status',
      );
      await page.goto(`${site.url}/users/notifications/inbox`);
      await expect(inbox.heading).toBeVisible();
      expect((await visited).status()).toBe(200);
      await page.goto(`${site.url}/questions`);
      await expect(links.bell(false)).toBeVisible({ timeout: 10_000 });

      // B answers: A's bell shows its dot within the poll (every 3 s).
      const answer = await b.call<{ info: { id: string } }>('POST', 'answer', {
        question_id: question.id,
        content: `Version the cache name on every deploy and delete the old caches in activate (${stamp}).`,
      });
      const answerId = answer.info.id;
      await expect(links.bell(true)).toBeVisible({ timeout: 10_000 });

      // The bell leads to the inbox; the entry names B and the question, and is marked unread.
      await links.bell(true).click();
      await expect(page).toHaveURL(/\/users\/notifications\/inbox$/);
      const entry = inbox.entryAbout(title);
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(answerer!.name);
      await expect(entry).toContainText(notificationText('unread'));
      // Opening the tab cleared the dot at once (the header reads the status the screen updated).
      await expect(links.bell(false)).toBeVisible({ timeout: 5_000 });

      // The entry lands on the answer.
      await entry.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/questions/${question.id}/${answerId}$`));
      await expect(new QuestionPage(page).answer(answerId)).toBeVisible();
      await expect(new QuestionPage(page).answer(answerId)).toContainText(stamp);
      await expect(links.bell(false)).toBeVisible();
      // Read now: back in the inbox the entry has no unread marker, and no poll brings the dot back.
      await page.goBack();
      await expect(inbox.entryAbout(title)).toHaveCount(1);
      await expect(inbox.entryAbout(title)).not.toContainText(notificationText('unread'));
      await page.waitForTimeout(4_000);
      await expect(links.bell(false)).toBeVisible();

      // A comments on B's answer: B gets the inbox mail, with an unsubscribe link.
      await a.call('POST', 'comment', {
        object_id: answerId,
        original_text: `Thanks, versioning the cache fixed it (${stamp}).`,
        mention_username_list: [],
      });
      // The mail names the post (its title or the comment, both carry the stamp).
      const received = await mail.waitForMail(
        (m) => m.to.includes(answerer!.email.toLowerCase()) && m.text.includes(stamp),
        60_000,
      );
      const unsubscribe = linkIn(received, '/users/unsubscribe');

      // B follows the link in the browser: success, and the inbox e-mail switch is off in the settings.
      const other = await browser.newContext();
      try {
        const bPage = await other.newPage();
        guard.watch(bPage);
        await loginAs(bPage, site, answerer!.email, demo.password);
        await bPage.goto(unsubscribe);
        // Success: the general sentence, or the list of the e-mails that stop when the server names them.
        const success = [peopleText('unsubscribe.done'), notificationText('unsubscribe.stopped')];
        await expect(
          bPage.getByRole('status').filter({ hasText: new RegExp(success.map(escapeRegExp).join('|')) }),
        ).toBeVisible();
        const people = new PeoplePages(bPage, site.url);
        await people.openSettings('notify');
        await expect(
          bPage.getByRole('switch', { name: peopleText('settings.notify.inbox'), exact: true }),
        ).not.toBeChecked();
        const after = await b.call<Record<string, NotificationChannel>>('GET', 'user/notification/config');
        expect(after.inbox).toMatchObject({ enable: false });
      } finally {
        await other.close();
      }
    } finally {
      await mail.close();
    }
  });
});
