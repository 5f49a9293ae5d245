import type { Comment, PendingPostPage, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { queueSite, questionBody, text, type Member, type QueueSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const VIEWERS: Array<Member | undefined> = [undefined, 'bob', 'editor', 'alice', 'mod', 'admin'];

describe.each(available)('queued posts on $label', (target) => {
  let s: QueueSite;

  beforeAll(async () => {
    s = await queueSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const ask = async (as: Member, extra = '') => {
    const res = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(extra), as });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const pending = (as: Member | undefined, query = '') =>
    s.call<PendingPostPage>({ method: 'GET', url: `/review/pending/post/page?page=1${query}`, as });
  const taskOf = async (objectId: string) => {
    const res = await pending('mod', `&object_id=${objectId}`);
    expect(res.body.data.count).toBe(1);
    return res.body.data.list[0]!;
  };
  const review = (as: Member | undefined, reviewId: number, status: 'approve' | 'reject') =>
    s.call({ method: 'PUT', url: '/review/pending/post', payload: { review_id: reviewId, status }, as });
  const userCounts = (id: number) =>
    s.db.selectFrom('user').select(['question_count', 'answer_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const tagCount = async () =>
    Number(
      (
        await s.db
          .selectFrom('tag')
          .select('question_count')
          .where('slug_name', '=', 'support')
          .executeTakeFirstOrThrow()
      ).question_count,
    );
  const inbox = async (userId: number, objectId: string) =>
    (
      await s.db
        .selectFrom('notification')
        .select('content')
        .where('user_id', '=', userId)
        .where('object_id', '=', objectId)
        .execute()
    ).map((r) => JSON.parse(r.content).notification_action as string);
  const listed = async (as: Member | undefined, id: string) => {
    const res = await s.call({ method: 'GET', url: '/question/page?page=1&page_size=100&order=newest', as });
    return JSON.stringify(res.body.data).includes(id);
  };

  it('the moderation settings: off by default, read and saved by admins only', async () => {
    const read = await s.call({ method: 'GET', url: '/siteinfo/moderation', as: 'admin', admin: true });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      queue_first_posts: 0,
      queue_words: [],
      deletion_block_count: 3,
      deletion_block_days: 30,
      deletion_block_block_days: 7,
    });
    expect((await s.call({ method: 'GET', url: '/siteinfo/moderation', as: 'mod', admin: true })).status).toBe(403);
    expect((await s.call({ method: 'GET', url: '/siteinfo/moderation', admin: true })).status).toBe(401);
    const put = (as: Member, payload: Record<string, unknown>) =>
      s.call({ method: 'PUT', url: '/siteinfo/moderation', as, admin: true, payload });
    expect((await put('mod', read.body.data as Record<string, unknown>)).status).toBe(403);
    const bad = await put('admin', { ...(read.body.data as object), queue_first_posts: -1 });
    expect(bad.status).toBe(400);
    // Off: a new member's post is available at once.
    const question = await ask('alice');
    expect(question.status).toBe(1);
    expect((await pending('mod')).body.data.count).toBe(0);
  });

  it('queues the first posts of a new account; only the author and staff see them until approved', async () => {
    await s.moderation({ queue_first_posts: 5 });
    // Staff are never queued.
    const staffQuestion = await ask('mod');
    expect(staffQuestion.status).toBe(1);
    const [tagBefore, aliceBefore] = [await tagCount(), await userCounts(32)];
    const question = await ask('bob');
    // The author is told the question waits: the created object has status 11.
    expect(question.status).toBe(11);
    expect(await tagCount()).toBe(tagBefore);
    expect((await userCounts(33)).question_count).toBe(0);
    for (const viewer of VIEWERS) {
      const seen = viewer === 'bob' || viewer === 'mod' || viewer === 'admin';
      const info = await s.call({ method: 'GET', url: `/question/info?id=${question.id}`, as: viewer });
      expect(info.status, `question/info as ${viewer}`).toBe(seen ? 200 : 404);
      expect(await listed(viewer, question.id), `question/page as ${viewer}`).toBe(false);
      const search = await s.call({
        method: 'GET',
        url: `/search?q=${encodeURIComponent(question.title)}`,
        as: viewer,
      });
      expect(JSON.stringify(search.body.data ?? {}).includes(question.id), `search as ${viewer}`).toBe(false);
      const related = await s.call({
        method: 'GET',
        url: `/question/similar?title=${encodeURIComponent(question.title)}`,
        as: viewer,
      });
      expect(JSON.stringify(related.body.data ?? {}).includes(question.id), `similar as ${viewer}`).toBe(false);
      const near = await s.call({
        method: 'GET',
        url: `/question/similar/tag?question_id=${staffQuestion.id}`,
        as: viewer,
      });
      expect(near.status, `related as ${viewer}`).toBe(200);
      expect(JSON.stringify(near.body.data).includes(question.id), `related as ${viewer}`).toBe(false);
      const profile = await s.call({ method: 'GET', url: '/personal/question/page?username=bob&page=1', as: viewer });
      expect(JSON.stringify(profile.body.data).includes(question.id), `profile as ${viewer}`).toBe(seen);
    }
    expect(await userCounts(32)).toEqual(aliceBefore);

    // The task: one per page, with the post, its author and why it waits.
    const task = await taskOf(question.id);
    expect(task).toMatchObject({
      object_id: question.id,
      question_id: question.id,
      object_type: 'question',
      title: question.title,
      object_status: 11,
      reason: 'review.reason.new_member',
      author_user_info: { username: 'bob' },
      tags: [{ slug_name: 'support' }],
    });
    expect(await s.services.review.pendingCount()).toBeGreaterThanOrEqual(1);

    expect((await review('mod', task.review_id, 'approve')).status).toBe(200);
    expect(await listed(undefined, question.id)).toBe(true);
    expect((await s.call({ method: 'GET', url: `/question/info?id=${question.id}` })).status).toBe(200);
    expect(await tagCount()).toBe(tagBefore + 1);
    expect((await userCounts(33)).question_count).toBe(1);
    expect(await inbox(33, question.id)).toContain('your_post_was_approved');
    const row = await s.db.selectFrom('review').selectAll().where('id', '=', task.review_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, reviewer_user_id: 31, submitter: expect.any(String) });
    // Reviewed twice: refused, nothing applied again.
    const again = await review('admin', task.review_id, 'reject');
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('error.review.already_reviewed');
    expect((await userCounts(33)).question_count).toBe(1);
    expect((await s.call({ method: 'GET', url: `/question/info?id=${question.id}` })).status).toBe(200);
    await s.moderation({ queue_first_posts: 0 });
  });

  it('queues answers and comments with watched words (whole words, any case); reject deletes', async () => {
    await s.moderation({ queue_words: ['Spamword', 'buy now'] });
    const question = await ask('mod');
    // Part of a longer word: not a match.
    const fine = await s.call<{ info: { status: number } }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: question.id, content: text('spamwordy is fine') },
      as: 'alice',
    });
    expect(fine.body.data.info.status).toBe(1);
    const answered = await s.call<{ info: { id: string; status: number } }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: question.id, content: text('Please BUY NOW, SPAMWORD!') },
      as: 'bob',
    });
    expect(answered.status).toBe(200);
    const answer = answered.body.data.info;
    expect(answer.status).toBe(11);
    const count = async () =>
      Number(
        (
          await s.db
            .selectFrom('question')
            .select('answer_count')
            .where('id', '=', question.id)
            .executeTakeFirstOrThrow()
        ).answer_count,
      );
    expect(await count()).toBe(1);
    for (const viewer of VIEWERS) {
      const seen = viewer === 'bob' || viewer === 'mod' || viewer === 'admin';
      const list = await s.call({
        method: 'GET',
        url: `/answer/page?question_id=${question.id}&page=1&page_size=20`,
        as: viewer,
      });
      expect(JSON.stringify(list.body.data).includes(answer.id), `answer/page as ${viewer}`).toBe(seen);
      const one = await s.call({ method: 'GET', url: `/answer/info?id=${answer.id}`, as: viewer });
      expect(one.status, `answer/info as ${viewer}`).toBe(seen ? 200 : 404);
      const profile = await s.call({ method: 'GET', url: '/personal/answer/page?username=bob&page=1', as: viewer });
      expect(JSON.stringify(profile.body.data).includes(answer.id), `profile answers as ${viewer}`).toBe(seen);
    }
    const commented = await s.call<Comment>({
      method: 'POST',
      url: '/comment',
      payload: { object_id: question.id, original_text: 'spamword here' },
      as: 'alice',
    });
    expect(commented.status).toBe(200);
    expect(commented.body.data.status).toBe(11);
    const commentId = commented.body.data.comment_id;
    for (const viewer of VIEWERS) {
      const seen = viewer === 'alice' || viewer === 'mod' || viewer === 'admin';
      const list = await s.call({ method: 'GET', url: `/comment/page?object_id=${question.id}&page=1`, as: viewer });
      expect(JSON.stringify(list.body.data).includes(commentId), `comment/page as ${viewer}`).toBe(seen);
      const one = await s.call({ method: 'GET', url: `/comment?id=${commentId}`, as: viewer });
      expect(one.status, `comment as ${viewer}`).toBe(seen ? 200 : 404);
    }
    // Staff posts with the same words are not queued.
    const staff = await s.call<Comment>({
      method: 'POST',
      url: '/comment',
      payload: { object_id: question.id, original_text: 'spamword from staff' },
      as: 'admin',
    });
    expect(staff.body.data.status).toBeUndefined();

    const answerTask = await taskOf(answer.id);
    expect(answerTask).toMatchObject({
      object_type: 'answer',
      answer_id: answer.id,
      reason: 'review.reason.watched_words',
    });
    expect((await review('admin', answerTask.review_id, 'reject')).status).toBe(200);
    expect(await count()).toBe(1);
    const rejected = await s.db
      .selectFrom('answer')
      .select('status')
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(rejected.status).toBe(10);
    expect(await inbox(33, answer.id)).toContain('your_post_was_rejected');
    const bobAnswer = await s.call({ method: 'GET', url: `/answer/info?id=${answer.id}`, as: 'bob' });
    expect(bobAnswer.status).toBe(200);

    const commentTask = await taskOf(commentId);
    expect(commentTask).toMatchObject({ object_type: 'comment', comment_id: commentId, question_id: question.id });
    expect((await review('mod', commentTask.review_id, 'approve')).status).toBe(200);
    const anon = await s.call({ method: 'GET', url: `/comment/page?object_id=${question.id}&page=1` });
    expect(JSON.stringify(anon.body.data).includes(commentId)).toBe(true);
    // The question's author hears of the new comment once it is published.
    expect(await inbox(31, commentId)).toContain('comment_question');
    await s.moderation({ queue_words: [] });
  });

  it('the routes: who may read the queue and review, bad input, unknown tasks', async () => {
    await s.moderation({ queue_first_posts: 50 });
    const question = await ask('alice');
    const task = await taskOf(question.id);
    await s.moderation({ queue_first_posts: 0 });
    expect((await pending(undefined)).status).toBe(401);
    for (const who of ['suspended', 'inactive'] as const) {
      expect((await pending(who)).status, who).toBe(403);
      expect((await review(who, task.review_id, 'approve')).status, who).toBe(403);
    }
    for (const who of ['bob', 'editor', 'alice'] as const) {
      const page = await pending(who);
      expect(page.status, who).toBe(200);
      expect(page.body.data, who).toEqual({ count: 0, list: [] });
      expect((await review(who, task.review_id, 'approve')).status, who).toBe(403);
    }
    expect((await review(undefined, task.review_id, 'approve')).status).toBe(401);
    const admin = await pending('admin', `&object_id=${question.id}`);
    expect(admin.body.data.list[0]!.review_id).toBe(task.review_id);
    // One task per page; past the end an empty list with the same count.
    const all = await pending('mod');
    expect(all.body.data.list).toHaveLength(1);
    const beyond = await s.call<PendingPostPage>({
      method: 'GET',
      url: `/review/pending/post/page?page=${all.body.data.count + 1}`,
      as: 'mod',
    });
    expect(beyond.body.data).toEqual({ count: all.body.data.count, list: [] });
    const bad = await s.call({
      method: 'PUT',
      url: '/review/pending/post',
      payload: { review_id: task.review_id, status: 'maybe' },
      as: 'mod',
    });
    expect(bad.status).toBe(400);
    for (const id of [999_999, 1e20]) {
      const missing = await review('mod', id, 'approve');
      expect(missing.status, String(id)).toBe(404);
      expect(missing.body.reason).toBe('error.review.not_found');
    }
    const typed = await s.call({
      method: 'PUT',
      url: '/review/pending/post',
      payload: { review_id: 'x', status: 'approve' },
      as: 'mod',
    });
    expect(typed.status).toBe(400);
    expect((await s.call({ method: 'GET', url: '/review/pending/post/page?page=0', as: 'mod' })).status).toBe(400);
    // The author may not approve their own post either; the queue still holds it.
    expect((await taskOf(question.id)).review_id).toBe(task.review_id);
  });

  it('parallel reviews of one task resolve exactly once', async () => {
    await s.moderation({ queue_first_posts: 50 });
    const question = await ask('alice');
    await s.moderation({ queue_first_posts: 0 });
    const task = await taskOf(question.id);
    const before = (await userCounts(32)).question_count;
    const tags = await tagCount();
    const results = await Promise.all([
      review('mod', task.review_id, 'approve'),
      review('admin', task.review_id, 'approve'),
      review('mod', task.review_id, 'reject'),
      review('admin', task.review_id, 'approve'),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    for (const r of results.filter((r) => r.status === 400))
      expect(r.body.reason).toBe('error.review.already_reviewed');
    const row = await s.db
      .selectFrom('question')
      .select('status')
      .where('id', '=', question.id)
      .executeTakeFirstOrThrow();
    const approved = row.status === 1;
    expect([1, 10]).toContain(row.status);
    expect((await userCounts(32)).question_count).toBe(before + (approved ? 1 : 0));
    expect(await tagCount()).toBe(tags + (approved ? 1 : 0));
    const notices = await inbox(32, question.id);
    expect(notices).toHaveLength(1);
  });
});
