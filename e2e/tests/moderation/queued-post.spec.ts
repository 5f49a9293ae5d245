import { ModerationApi } from '../../pages/moderation';
import { ReviewPage, reviewText } from '../../pages/review';
import { uniqueWord } from '../../pages/tags';
import { expect, test } from './fixture';

/** The status of a post that waits for review. */
const PENDING = 11;

test("a new member's question waits for review, unlisted for others, until a moderator approves it", async ({
  page,
  mod,
  pageAs,
}) => {
  test.setTimeout(90_000); // two browsers (member and moderator) on a shared 2-core machine
  const tag = uniqueWord('queue');
  // A question of staff's first gives the tag; staff posts never wait.
  await mod.admin.ask(`An older question about ${tag}`, `This one gives the ${tag} tag a first question.`, [tag]);
  const settings = await mod.admin.moderationSettings();
  // The newest member of the demo has far fewer published posts than this: their next posts wait.
  await mod.admin.setModerationSettings({ ...settings, queue_first_posts: 50 });
  try {
    const newcomer = await ModerationApi.login(mod.site, mod.newest.email, mod.password);
    const title = `My first question: how to install ${tag}?`;
    const question = await newcomer.ask(title, `I could not install ${tag} on my laptop, what is missing?`, [tag]);
    expect(question.status, 'the post comes back as waiting for review').toBe(PENDING);

    // Another member does not see it in the newest questions (the older one of the tag is there).
    const member = await pageAs(mod.member.email, mod.password);
    await member.goto(`/questions?order=newest`);
    const list = member.getByRole('list', { name: 'Questions', exact: true });
    await expect(list.getByRole('link', { name: `An older question about ${tag}` })).toBeVisible();
    await expect(list.getByRole('link', { name: title })).toHaveCount(0);

    // The moderator approves it from the queued posts.
    const moderator = await pageAs(mod.moderator.email, mod.password);
    const review = new ReviewPage(moderator);
    await review.open('queued_post');
    const task = await review.showTask(`how to install ${tag}`);
    await expect(task).toContainText(reviewText('queued.reasons.new_member'));
    await review.action('queued.approve').click();
    await expect(moderator.getByText(reviewText('queued.approved'), { exact: true })).toBeVisible();

    // Now it is listed for everyone, and opens.
    await member.reload();
    const link = list.getByRole('link', { name: title });
    await expect(link).toBeVisible();
    await link.click();
    await expect(member.getByRole('heading', { level: 1 })).toHaveText(title);
    // Anonymous readers see it too.
    await page.goto(`/questions/${question.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  } finally {
    await mod.admin.setModerationSettings(settings);
  }
});
