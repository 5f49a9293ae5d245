import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { operationsSite, questionBody, PEOPLE, type OperationsSite, type Person } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Close reason config ids (the reason.* rows of the config table). */
const DUPLICATE = 60;
const COMMUNITY_SPECIFIC = 63;
const NOT_CLARITY = 64;

describe.each(available)('close and reopen questions on $label', (target) => {
  let s: OperationsSite;

  beforeAll(async () => {
    s = await operationsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(as: Person = 'alice'): Promise<string> {
    const res = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  const close = (id: string, as: Person, closeType = COMMUNITY_SPECIFIC, closeMsg?: string) =>
    s.call({
      method: 'PUT',
      url: '/question/status',
      as,
      payload: { id, close_type: closeType, ...(closeMsg === undefined ? {} : { close_msg: closeMsg }) },
    });
  const reopen = (id: string, as: Person) =>
    s.call({ method: 'PUT', url: '/question/reopen', as, payload: { question_id: id } });
  const info = (id: string, as?: Person) => s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as });
  const activities = async (id: string) =>
    s.db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select(['config.key', 'activity.user_id'])
      .where('activity.object_id', '=', id)
      .orderBy('activity.id')
      .execute();
  const actions = (data: QuestionInfo) => data.member_actions.map((a) => a.action);

  it('members without the role power are refused with the privilege message, the asker too', async () => {
    const id = await asked();
    for (const who of ['bob', 'rich', 'alice'] as const) {
      const res = await close(id, who);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        reason: 'error.rank.fail_to_meet_the_condition',
        msg: "You don't have enough reputation for this yet.",
      });
    }
    expect((await info(id)).body.data.status).toBe(1);
    expect((await s.call({ method: 'PUT', url: '/question/status', payload: { id, close_type: 63 } })).status).toBe(
      401,
    );
  });

  it('a moderator closes: status 2, the operation in question/info, an activity, the asker notified', async () => {
    const id = await asked();
    expect(actions((await info(id, 'mod')).body.data)).toContain('close');
    const res = await close(id, 'mod');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, reason: 'base.success', data: null });
    const after = (await info(id, 'bob')).body.data;
    expect(after.status).toBe(2);
    expect(after.operation).toMatchObject({ type: 'closed', msg: '', level: 'info' });
    expect(after.operation!.time).toBeGreaterThan(0);
    const modActions = actions((await info(id, 'mod')).body.data);
    expect(modActions).toContain('reopen');
    expect(modActions).not.toContain('close');
    expect(await activities(id)).toContainEqual({ key: 'question.closed', user_id: PEOPLE.mod.id });
    const notes = await s.db
      .selectFrom('notification')
      .select(['user_id', 'content', 'msg_type', 'type'])
      .where('object_id', '=', id)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ user_id: PEOPLE.alice.id, type: 1, msg_type: 1 });
    expect(JSON.parse(notes[0]!.content)).toMatchObject({
      trigger_user_id: String(PEOPLE.mod.id),
      notification_action: 'your_question_is_closed',
      object_info: { object_id: id, object_type: 'question', object_map: { question: id } },
    });
  });

  it('closing a closed question is a clear 400; reopening an open one too', async () => {
    const id = await asked();
    expect((await reopen(id, 'mod')).body).toMatchObject({
      code: 400,
      reason: 'error.question.not_closed',
      msg: 'This question is not closed.',
    });
    expect((await close(id, 'admin')).status).toBe(200);
    const again = await close(id, 'mod');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      reason: 'error.question.already_closed',
      msg: 'This question is already closed.',
    });
  });

  it('a closed question cannot be answered but stays editable, votable and commentable', async () => {
    const id = await asked();
    expect((await close(id, 'mod')).status).toBe(200);
    const answer = await s.call({
      method: 'POST',
      url: '/answer',
      as: 'bob',
      payload: { question_id: id, content: 'An answer to a closed question.' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.reason).toBe('error.answer.question_closed_cannot_add');
    const edit = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'alice',
      payload: { id, title: 'Edited while it is closed', content: 'Still editable.', tags: [{ slug_name: 'support' }] },
    });
    expect(edit.status).toBe(200);
    const vote = await s.call<{ votes: number }>({
      method: 'POST',
      url: '/vote/up',
      as: 'rich',
      payload: { object_id: id },
    });
    expect(vote.status).toBe(200);
    expect(vote.body.data.votes).toBe(1);
    const comment = await s.call({
      method: 'POST',
      url: '/comment',
      as: 'bob',
      payload: { object_id: id, original_text: 'A comment on a closed question.' },
    });
    expect(comment.status).toBe(200);
    const after = (await info(id)).body.data;
    expect(after).toMatchObject({ status: 2, title: 'Edited while it is closed', vote_count: 1 });
  });

  it('reopen: role power only, status back to 1, an activity; answers are accepted again', async () => {
    const id = await asked();
    expect((await close(id, 'mod')).status).toBe(200);
    const refused = await reopen(id, 'bob');
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('error.rank.fail_to_meet_the_condition');
    expect((await reopen(id, 'alice')).status).toBe(403);
    expect((await reopen(id, 'admin')).status).toBe(200);
    const after = (await info(id)).body.data;
    expect(after.status).toBe(1);
    expect(after.operation).toBeUndefined();
    expect((await activities(id)).map((a) => a.key)).toEqual([
      'question.asked',
      'question.closed',
      'question.reopened',
    ]);
    const answer = await s.call({
      method: 'POST',
      url: '/answer',
      as: 'bob',
      payload: { question_id: id, content: 'Now it can be answered.' },
    });
    expect(answer.status).toBe(200);
  });

  it('bad input: unknown reason, missing remark, a duplicate without a link, unknown question', async () => {
    const id = await asked();
    const unknown = await close(id, 'mod', 999);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      reason: 'base.request_format_error',
      msg: 'Please select a reason.',
      data: [{ error_field: 'close_type', error_msg: 'Please select a reason.' }],
    });
    // A flag-only reason (spam) is not a close reason.
    expect((await close(id, 'mod', 57)).body.data).toEqual([
      { error_field: 'close_type', error_msg: 'Please select a reason.' },
    ]);
    const empty = await close(id, 'mod', DUPLICATE, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([{ error_field: 'close_msg', error_msg: 'Cannot be empty.' }]);
    const notUrl = await close(id, 'mod', DUPLICATE, 'the other question');
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.data).toEqual([
      {
        error_field: 'close_msg',
        error_msg: 'Please enter the full link (https://...) of the original question.',
      },
    ]);
    expect((await info(id)).body.data.status).toBe(1);
    const missing = await close('10010000000999999', 'mod');
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('error.question.not_found');
    const malformed = await s.call({ method: 'PUT', url: '/question/status', as: 'mod', payload: { id } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.reason).toBe('base.request_format_error');

    const link = 'https://example.com/questions/10010000000000001';
    expect((await close(id, 'mod', DUPLICATE, link)).status).toBe(200);
    const after = (await info(id)).body.data;
    expect(after.operation).toMatchObject({ type: 'closed', msg: link });
    const meta = await s.db
      .selectFrom('meta')
      .select('value')
      .where('object_id', '=', id)
      .where('key', '=', 'question.close.reason')
      .execute();
    expect(meta.map((m) => JSON.parse(m.value))).toEqual([{ close_type: DUPLICATE, close_msg: link }]);
  });

  it('question/info names the close reason in the reader’s language and carries the close message', async () => {
    const operation = async (id: string, lang?: string, as?: Person) =>
      (
        await s.call<QuestionInfo>({
          method: 'GET',
          url: `/question/info?id=${id}`,
          as,
          headers: lang ? { 'accept-language': lang } : {},
        })
      ).body.data.operation;
    // Other askers than alice: posting is rate limited per member.
    const id = await asked('carol');
    expect((await close(id, 'mod', NOT_CLARITY, '  Please add the error message you get.  ')).status).toBe(200);
    expect(await operation(id)).toMatchObject({
      type: 'closed',
      description: 'Needs details or focus',
      msg: 'Please add the error message you get.',
      level: 'info',
    });
    expect(await operation(id, 'zh-CN', 'bob')).toMatchObject({
      type: 'closed',
      description: '需要细节或聚焦',
      msg: 'Please add the error message you get.',
    });
    // Reopened and closed again for another reason: the latest reason and message count.
    expect((await reopen(id, 'mod')).status).toBe(200);
    expect(await operation(id)).toBeUndefined();
    expect((await close(id, 'mod', COMMUNITY_SPECIFIC, 'ignored: this reason takes no text')).status).toBe(200);
    expect(await operation(id)).toMatchObject({ description: 'Against community rules', msg: '' });
    expect(await operation(id, 'zh-CN')).toMatchObject({ description: '违反社区规则', msg: '' });

    const duplicate = await asked('carol');
    const answered = await s.call<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      as: 'bob',
      payload: { question_id: duplicate, content: 'An answer written before the question was closed.' },
    });
    expect(answered.status).toBe(200);
    const link = 'https://example.com/questions/10010000000000002';
    expect((await close(duplicate, 'mod', DUPLICATE, link)).status).toBe(200);
    expect(await operation(duplicate)).toMatchObject({ description: 'Duplicate', msg: link });
    // answer/info carries the same question info.
    const answer = await s.call<{ question: QuestionInfo }>({
      method: 'GET',
      url: `/answer/info?id=${answered.body.data.info.id}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.question.operation).toMatchObject({ type: 'closed', description: '重复', msg: link });
  });

  it('a close reason the site no longer offers keeps its name; an unknown one reads as closed', async () => {
    const id = await asked('erin');
    expect((await close(id, 'mod', NOT_CLARITY, 'Which version?')).status).toBe(200);
    const list = await s.db
      .selectFrom('config')
      .select('value')
      .where('key', '=', 'question.close.reasons')
      .executeTakeFirstOrThrow();
    await s.db
      .updateTable('config')
      .set({ value: JSON.stringify(['reason.a_duplicate', 'reason.community_specific']) })
      .where('key', '=', 'question.close.reasons')
      .execute();
    try {
      expect((await info(id)).body.data.operation).toMatchObject({
        type: 'closed',
        description: 'Needs details or focus',
        msg: 'Which version?',
      });
    } finally {
      await s.db.updateTable('config').set({ value: list.value }).where('key', '=', 'question.close.reasons').execute();
    }
    // A stored close type that names no reason (damaged or imported data).
    await s.db
      .updateTable('meta')
      .set({ value: JSON.stringify({ close_type: 999999, close_msg: 'Which version?' }) })
      .where('object_id', '=', id)
      .where('key', '=', 'question.close.reason')
      .execute();
    expect((await info(id)).body.data.operation).toMatchObject({
      type: 'closed',
      description: 'This question was closed.',
      msg: 'Which version?',
    });
  });

  it('a deleted question cannot be closed; the asker gets no notification when closing is refused', async () => {
    const id = await asked();
    expect((await s.call({ method: 'DELETE', url: '/question', as: 'alice', payload: { id } })).status).toBe(200);
    const res = await close(id, 'mod');
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.question.operation_deleted');
    expect(await s.db.selectFrom('notification').select('id').where('object_id', '=', id).execute()).toEqual([]);
  });
});
