import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CLOSE, FLAG, PEOPLE, reviewSite, uniqueText, type ReviewSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('PUT report/review operations on $label', (target) => {
  let s: ReviewSite;

  beforeAll(async () => {
    s = await reviewSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const info = (id: string, as?: 'alice' | 'bob' | 'mod') =>
    s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as });
  const ok = (res: { status: number; body: unknown }) =>
    expect(res).toMatchObject({ status: 200, body: { code: 200 } });

  it('ignore_report: the flag and the object’s other pending flags are ignored; nothing else changes', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    const other = await s.flag(q, 'carol');
    ok(await s.review({ flag_id: flag, operation_type: 'ignore_report' }));
    expect(await s.flagStatus(flag)).toBe(3);
    expect(await s.flagStatus(other)).toBe(3);
    expect((await info(q)).body.data.status).toBe(1);
    expect(await s.activities(q)).toEqual([{ key: 'question.asked', user_id: PEOPLE.alice.id }]);
    expect(await s.notices(q)).toEqual([]);
    const again = await s.review({ flag_id: other, operation_type: 'ignore_report' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      reason: 'error.review.already_reviewed',
      msg: 'This task has already been reviewed.',
    });
  });

  it('close_post: the question is closed with the reason, an activity, the asker told with the reason', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    const other = await s.flag(q, 'carol');
    ok(await s.review({ flag_id: flag, operation_type: 'close_post', close_type: CLOSE.communitySpecific }));
    const after = (await info(q)).body.data;
    expect(after.status).toBe(2);
    expect(after.operation).toMatchObject({ type: 'closed' });
    expect(await s.flagStatus(flag)).toBe(2);
    expect(await s.flagStatus(other)).toBe(2);
    expect(await s.activities(q)).toContainEqual({ key: 'question.closed', user_id: PEOPLE.mod.id });
    const notes = await s.notices(q);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      user_id: PEOPLE.alice.id,
      content: {
        notification_action: 'your_question_is_closed',
        trigger_user_id: String(PEOPLE.mod.id),
        reason: 'reason.community_specific',
      },
    });
  });

  it('close_post checks the close reason and its remark as question/status does, and takes questions only', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    const unknown = await s.review({ flag_id: flag, operation_type: 'close_post', close_type: FLAG.spam });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.data)).toContain('close_type');
    const none = await s.review({ flag_id: flag, operation_type: 'close_post' });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body.data)).toContain('close_type');
    const noRemark = await s.review({ flag_id: flag, operation_type: 'close_post', close_type: CLOSE.notClarity });
    expect(noRemark.status).toBe(400);
    expect(JSON.stringify(noRemark.body.data)).toContain('close_msg');
    expect(await s.flagStatus(flag)).toBe(1);
    expect((await info(q)).body.data.status).toBe(1);

    const a = await s.answer(q, 'bob');
    const onAnswer = await s.flag(a, 'carol');
    const res = await s.review({
      flag_id: onAnswer,
      operation_type: 'close_post',
      close_type: CLOSE.communitySpecific,
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.review.close_question_only');
    expect(await s.flagStatus(onAnswer)).toBe(1);
  });

  it('delete_post on an answer: deleted, an activity, the author told, flags settled', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const flag = await s.flag(a, 'carol');
    const other = await s.flag(a, 'alice');
    ok(await s.review({ flag_id: flag, operation_type: 'delete_post' }));
    const answerInfo = await s.call({ method: 'GET', url: `/answer/info?id=${a}`, as: 'carol' });
    expect(answerInfo.status).toBe(404);
    expect((await info(q)).body.data.answer_count).toBe(0);
    expect([await s.flagStatus(flag), await s.flagStatus(other)]).toEqual([2, 2]);
    expect(await s.activities(a)).toContainEqual({ key: 'answer.deleted', user_id: PEOPLE.mod.id });
    // The asker heard of the answer when it came; its deletion tells its author.
    const notes = (await s.notices(a)).filter((n) => n.content.notification_action !== 'answer_the_question');
    expect(notes).toEqual([
      {
        user_id: PEOPLE.bob.id,
        content: expect.objectContaining({
          notification_action: 'your_answer_was_deleted',
          reason: 'reason.spam',
          object_info: expect.objectContaining({ object_type: 'answer', object_map: { question: q, answer: a } }),
        }),
      },
    ]);
  });

  it('delete_post on a question follows its delete rules: an admin deletes, a moderator only their own', async () => {
    const q = await s.ask('alice');
    await s.answer(q, 'bob');
    const flag = await s.flag(q, 'carol');
    const refused = await s.review({ flag_id: flag, operation_type: 'delete_post' }, 'mod');
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.question.cannot_deleted');
    expect(await s.flagStatus(flag)).toBe(1);
    ok(await s.review({ flag_id: flag, operation_type: 'delete_post' }, 'admin'));
    expect((await info(q, 'bob')).status).toBe(404);
    expect(await s.flagStatus(flag)).toBe(2);
    expect(await s.activities(q)).toContainEqual({ key: 'question.deleted', user_id: PEOPLE.admin.id });
    expect((await s.notices(q)).map((n) => [n.user_id, n.content.notification_action])).toEqual([
      [PEOPLE.alice.id, 'your_question_was_deleted'],
    ]);
  });

  it('delete_post on a comment: gone from the comment list, the author told', async () => {
    const q = await s.ask('alice');
    const c = await s.comment(q, 'bob');
    const flag = await s.flag(c, 'carol');
    ok(await s.review({ flag_id: flag, operation_type: 'delete_post' }));
    const page = await s.call<{ list: Array<{ comment_id: string }> }>({
      method: 'GET',
      url: `/comment/page?object_id=${q}&page=1`,
    });
    expect(page.body.data.list.map((x) => x.comment_id)).not.toContain(c);
    expect(await s.flagStatus(flag)).toBe(2);
    const told = (await s.notices(c)).filter((n) => n.content.notification_action === 'your_comment_was_deleted');
    expect(told.map((n) => [n.user_id, n.content.reason])).toEqual([[PEOPLE.bob.id, 'reason.spam']]);
  });

  it('unlist_post: the question leaves the lists, an activity, the asker told; answers and comments refused', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    ok(await s.review({ flag_id: flag, operation_type: 'unlist_post' }));
    expect((await info(q, 'bob')).status).toBe(404);
    const asker = (await info(q, 'alice')).body.data;
    expect(asker.show).toBe(2);
    expect(await s.activities(q)).toContainEqual({ key: 'question.hide', user_id: PEOPLE.mod.id });
    expect((await s.notices(q)).map((n) => [n.user_id, n.content.notification_action, n.content.reason])).toEqual([
      [PEOPLE.alice.id, 'your_question_was_unlisted', 'reason.spam'],
    ]);

    const open = await s.ask('alice');
    const a = await s.answer(open, 'bob');
    const c = await s.comment(open, 'bob');
    for (const id of [a, c]) {
      const onIt = await s.flag(id, 'carol');
      const res = await s.review({ flag_id: onIt, operation_type: 'unlist_post' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        reason: 'error.review.unlist_question_only',
        msg: 'Only questions can be unlisted.',
      });
      expect(await s.flagStatus(onIt)).toBe(1);
    }
  });

  it('edit_post on a question: applied at once as the moderator, a new revision, the asker told', async () => {
    const q = await s.ask('alice');
    const flag = await s.flag(q, 'bob');
    const content = uniqueText('moderated body');
    ok(
      await s.review({
        flag_id: flag,
        operation_type: 'edit_post',
        title: 'A cleaned up title',
        content,
        tags: ['support', 'moderated-tag'],
      }),
    );
    const after = (await info(q, 'bob')).body.data;
    expect(after.title).toBe('A cleaned up title');
    expect(after.content).toBe(content);
    expect(after.tags.map((t) => t.slug_name).sort()).toEqual(['moderated-tag', 'support']);
    expect(await s.flagStatus(flag)).toBe(2);
    expect(await s.activities(q)).toContainEqual({ key: 'question.edited', user_id: PEOPLE.mod.id });
    expect((await s.notices(q)).map((n) => [n.user_id, n.content.notification_action, n.content.reason])).toEqual([
      [PEOPLE.alice.id, 'update_question', 'reason.spam'],
    ]);
    // Without tags the question keeps its own.
    const flag2 = await s.flag(q, 'carol');
    ok(await s.review({ flag_id: flag2, operation_type: 'edit_post', title: 'Another fine title', content }));
    expect((await info(q)).body.data.tags.map((t) => t.slug_name).sort()).toEqual(['moderated-tag', 'support']);
  });

  it('edit_post on an answer changes its body; bad input is a field error and changes nothing', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const flag = await s.flag(a, 'carol');
    const missing = await s.review({ flag_id: flag, operation_type: 'edit_post' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.data)).toContain('content');
    const short = await s.review({ flag_id: flag, operation_type: 'edit_post', content: 'tiny' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body.data)).toContain('content');
    expect(await s.flagStatus(flag)).toBe(1);
    const content = uniqueText('moderated answer');
    ok(await s.review({ flag_id: flag, operation_type: 'edit_post', content }));
    const answer = await s.call<{ info: { content: string } }>({ method: 'GET', url: `/answer/info?id=${a}` });
    expect(answer.body.data.info.content).toBe(content);
    expect(await s.activities(a)).toContainEqual({ key: 'answer.edited', user_id: PEOPLE.mod.id });
    expect((await s.notices(a)).map((n) => [n.user_id, n.content.notification_action, n.content.reason])).toEqual([
      [PEOPLE.alice.id, 'answer_the_question', undefined],
      [PEOPLE.bob.id, 'update_answer', 'reason.spam'],
    ]);

    const q2 = await s.ask('alice');
    const qFlag = await s.flag(q2, 'carol');
    for (const payload of [
      { content },
      { title: 'short', content },
      { title: 'A good long title', content, tags: ['', 'support'] },
      { title: 'A good long title', content, tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
    ]) {
      const res = await s.review({ flag_id: qFlag, operation_type: 'edit_post', ...payload });
      expect(res.status).toBe(400);
      expect(res.body.data).not.toBeNull();
    }
    const c = await s.comment(q2, 'bob');
    const cFlag = await s.flag(c, 'carol');
    const onComment = await s.review({ flag_id: cFlag, operation_type: 'edit_post', content });
    expect(onComment.body.reason).toBe('error.review.edit_comment');
    expect([await s.flagStatus(qFlag), await s.flagStatus(cFlag)]).toEqual([1, 1]);
  });

  it('an unknown flag is 404; a malformed body gets field errors, never a 500', async () => {
    const missing = await s.review({ flag_id: '10080000009999999', operation_type: 'ignore_report' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ reason: 'error.review.not_found', msg: 'This review task does not exist.' });
    const zh = await s.call({
      method: 'PUT',
      url: '/report/review',
      as: 'mod',
      headers: { 'accept-language': 'zh-CN' },
      payload: { flag_id: '10080000009999999', operation_type: 'ignore_report' },
    });
    expect(zh.body.msg).toBe('此审核任务不存在。');
    for (const payload of [
      {},
      { flag_id: 'x-y', operation_type: 'ignore_report' },
      { flag_id: '10080000000000001', operation_type: 'burn_post' },
      { flag_id: '10080000000000001', operation_type: 'close_post', close_type: 'many' },
      { flag_id: '10080000000000001', operation_type: 'edit_post', title: 'x'.repeat(151) },
    ]) {
      const res = await s.review(payload);
      expect(res.status).toBe(400);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
  });
});
