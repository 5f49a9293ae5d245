import { encodeShortId } from '@agora/shared-api/short-id';
import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { questionNotice, useNotifySite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('notification/page on $label', (target) => {
  const s = useNotifySite(target);

  /** An author with one entry of each inbox kind: answer (posts), vote (votes), invite, close (posts). */
  async function inboxOfEachKind() {
    const author = await s.member(100);
    const other = await s.member(100);
    const q = await s.question(author);
    const a = await s.answer(q, other);
    const qn = await questionNotice(s, q);
    s.tick();
    await s.inbox([
      {
        userId: author,
        triggerUserId: other,
        action: 'answer_the_question',
        object: { id: a, type: 'answer', title: qn.title, map: { question: q, answer: a } },
      },
    ]);
    s.tick();
    expect((await s.vote(other, 'up', q)).status).toBe(200);
    s.tick();
    await s.inbox([{ userId: author, triggerUserId: other, action: 'invited_you_to_answer', object: qn, msgType: 3 }]);
    s.tick();
    await s.inbox([
      { userId: author, triggerUserId: 1, action: 'your_question_is_closed', object: qn, reason: 'reason.a_duplicate' },
    ]);
    return { author, other, q, a, title: qn.title };
  }

  it('lists each inbox type, newest change first, and all of them under all', async () => {
    const { author, other, q, a } = await inboxOfEachKind();
    const keys = async (inboxType?: string) =>
      (await s.items(author, { type: 'inbox', ...(inboxType ? { inbox_type: inboxType } : {}) })).map(
        (i) => i.notification_action_key,
      );
    expect(await keys('posts')).toEqual(['your_question_is_closed', 'answer_the_question']);
    expect(await keys('votes')).toEqual(['up_voted_question']);
    expect(await keys('invites')).toEqual(['invited_you_to_answer']);
    const all = ['your_question_is_closed', 'invited_you_to_answer', 'up_voted_question', 'answer_the_question'];
    expect(await keys('all')).toEqual(all);
    expect(await keys()).toEqual(all);

    const [closed, , voted, answered] = await s.items(author, { type: 'inbox' });
    expect(answered).toMatchObject({
      object_info: { object_id: a, object_type: 'answer', object_map: { question: q, answer: a } },
      user_info: { id: String(other), status: 'normal' },
      rank: 0,
      notification_action: 'answered your question',
      is_read: false,
      update_time: Math.floor((s.now() - 3000) / 1000),
    });
    expect(answered).not.toHaveProperty('vote_up_count');
    expect(voted).toMatchObject({ vote_up_count: 1, vote_down_count: 0, notification_action: 'upvoted your question' });
    expect(closed).toMatchObject({ reason: 'Duplicate', notification_action: 'Your question has been closed' });

    // The page of another member is theirs alone.
    expect(await s.items(other, { type: 'inbox' })).toEqual([]);
  });

  it('pages with page and page_size (10 by default) and counts the whole list', async () => {
    const author = await s.member(100);
    const other = await s.member(100);
    const q = await s.question(author);
    const qn = await questionNotice(s, q);
    for (let i = 0; i < 12; i++) {
      s.tick();
      await s.inbox([{ userId: author, triggerUserId: other, action: 'comment_question', object: qn }]);
    }
    const first = await s.page(author, { type: 'inbox' });
    expect(first.body.data.count).toBe(12);
    expect(first.body.data.list).toHaveLength(10);
    const second = await s.page(author, { type: 'inbox', page: 2 });
    expect(second.body.data.list).toHaveLength(2);
    const small = await s.page(author, { type: 'inbox', page: 3, page_size: 5 });
    expect(small.body.data).toMatchObject({ count: 12 });
    expect(small.body.data.list.map((i) => i.id)).toEqual(second.body.data.list.map((i) => i.id));
    const times = first.body.data.list.map((i) => i.update_time);
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const bad = await s.page(author, { type: 'nothing' });
    expect(bad.status).toBe(400);
  });

  it('translates the action and reason per Accept-Language and shows a deleted account as the system user', async () => {
    const { author, other } = await inboxOfEachKind();
    const zh = await s.items(author, { type: 'inbox' }, 'zh-CN');
    expect(zh.map((i) => i.notification_action)).toEqual([
      '你的问题已被关闭',
      '邀请你回答',
      '赞同了你的问题',
      '回答了你的问题',
    ]);
    expect(zh[0]!.reason).toBe('重复');
    expect(zh[0]!.notification_action_key).toBe('your_question_is_closed');

    await s.db.updateTable('user').set({ status: 10 }).where('id', '=', other).execute();
    const [, invite] = await s.items(author, { type: 'inbox' }, 'zh-CN');
    expect(invite!.user_info).toEqual({
      id: String(other),
      username: '',
      display_name: '系统',
      avatar: '',
      rank: 0,
      status: 'deleted',
    });
  });

  it('writes question and answer ids short under permalink 3', async () => {
    const { author, q, a } = await inboxOfEachKind();
    const seo = await s.app.settings.get('seo');
    await s.app.settings.set!('seo', { ...seo, permalink: 3 });
    try {
      const items = await s.items(author, { type: 'inbox', inbox_type: 'posts' });
      const answered = items.find((i) => i.notification_action_key === 'answer_the_question')!;
      expect(answered.object_info).toMatchObject({
        object_id: encodeShortId(a),
        object_map: { question: encodeShortId(q), answer: encodeShortId(a) },
      });
      // Notification ids stay plain numbers.
      expect(answered.id).toMatch(/^\d+$/);
    } finally {
      await s.app.settings.set!('seo', seo);
    }
  });
});
