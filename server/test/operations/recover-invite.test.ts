import type { AnswerWithQuestion, InvitedUsers, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { operationsSite, questionBody, PEOPLE, type OperationsSite, type Person } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('undelete, edit check and invitations on $label', (target) => {
  let s: OperationsSite;

  beforeAll(async () => {
    s = await operationsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(as: Person = 'alice', tag = 'support'): Promise<string> {
    const res = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: questionBody({ tags: [{ slug_name: tag }] }),
      as,
    });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  let answers = 0;
  async function answered(questionId: string, as: Person): Promise<string> {
    answers += 1;
    const res = await s.call<AnswerWithQuestion>({
      method: 'POST',
      url: '/answer',
      as,
      payload: { question_id: questionId, content: `Answer number ${answers} with enough text.` },
    });
    expect(res.status).toBe(200);
    return res.body.data.info.id;
  }
  const user = (id: number) =>
    s.db.selectFrom('user').select(['question_count', 'answer_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const question = (id: string) =>
    s.db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tagCount = async (slug: string) =>
    Number(
      (await s.db.selectFrom('tag').select('question_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
        .question_count,
    );
  const keysOf = async (id: string) =>
    (
      await s.db
        .selectFrom('activity')
        .innerJoin('config', 'config.id', 'activity.activity_type')
        .select(['config.key', 'activity.user_id'])
        .where('activity.object_id', '=', id)
        .orderBy('activity.id')
        .execute()
    ).map((a) => `${a.key}:${a.user_id}`);

  describe('POST question/recover', () => {
    it('a moderator undeletes: status 1, counters and tags come back, an activity; members are refused', async () => {
      const id = await asked('rich', 'recoverable');
      const before = await user(PEOPLE.rich.id);
      expect((await s.call({ method: 'DELETE', url: '/question', as: 'rich', payload: { id } })).status).toBe(200);
      expect(await tagCount('recoverable')).toBe(0);
      expect((await user(PEOPLE.rich.id)).question_count).toBe(before.question_count - 1);
      const recover = (as: Person) =>
        s.call({ method: 'POST', url: '/question/recover', as, payload: { question_id: id } });
      for (const who of ['rich', 'bob'] as const) {
        const refused = await recover(who);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          reason: 'error.rank.fail_to_meet_the_condition',
          msg: "You don't have enough reputation for this yet.",
        });
      }
      expect((await recover('mod')).status).toBe(200);
      expect((await question(id)).status).toBe(1);
      expect(await tagCount('recoverable')).toBe(1);
      expect((await user(PEOPLE.rich.id)).question_count).toBe(before.question_count);
      const info = await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as: 'bob' });
      expect(info.status).toBe(200);
      expect(info.body.data.tags.map((t) => t.slug_name)).toEqual(['recoverable']);
      expect(await keysOf(id)).toEqual([
        `question.asked:${PEOPLE.rich.id}`,
        `question.deleted:${PEOPLE.rich.id}`,
        `question.undeleted:${PEOPLE.mod.id}`,
      ]);
      const again = await recover('admin');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ reason: 'error.question.not_deleted', msg: 'This question is not deleted.' });
    });

    it('tags an edit removed before the deletion stay removed (also on the deleted question itself)', async () => {
      const id = await asked('rich', 'kept-tag');
      const edit = await s.call({
        method: 'PUT',
        url: '/question',
        as: 'rich',
        payload: {
          id,
          title: 'A question whose tags change',
          content: 'A body long enough for the rules.',
          tags: [{ slug_name: 'support' }],
        },
      });
      expect(edit.status).toBe(200);
      expect((await s.call({ method: 'DELETE', url: '/question', as: 'rich', payload: { id } })).status).toBe(200);
      // The author and staff still open the deleted question: with its current tags only.
      const deleted = await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as: 'rich' });
      expect(deleted.status).toBe(200);
      expect(deleted.body.data.tags.map((t) => t.slug_name)).toEqual(['support']);
      expect(
        (await s.call({ method: 'POST', url: '/question/recover', as: 'admin', payload: { question_id: id } })).status,
      ).toBe(200);
      const info = await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}` });
      expect(info.body.data.tags.map((t) => t.slug_name)).toEqual(['support']);
      expect(await tagCount('kept-tag')).toBe(0);
    });
  });

  describe('POST answer/recover', () => {
    it('a moderator undeletes an answer: answer counts come back; members are refused; repeats are 400', async () => {
      const qid = await asked();
      const aid = await answered(qid, 'bob');
      const before = await user(PEOPLE.bob.id);
      expect((await s.call({ method: 'DELETE', url: '/answer', as: 'bob', payload: { id: aid } })).status).toBe(200);
      expect((await question(qid)).answer_count).toBe(0);
      const recover = (as: Person) =>
        s.call({ method: 'POST', url: '/answer/recover', as, payload: { answer_id: aid } });
      const refused = await recover('bob');
      expect(refused.status).toBe(403);
      expect(refused.body.reason).toBe('error.rank.fail_to_meet_the_condition');
      // The privilege is checked first (as Answer does): reputation does not help.
      expect((await recover('rich')).status).toBe(403);
      expect((await recover('mod')).status).toBe(200);
      expect(await question(qid)).toMatchObject({ answer_count: 1, last_answer_id: aid });
      expect((await user(PEOPLE.bob.id)).answer_count).toBe(before.answer_count);
      const answer = await s.db.selectFrom('answer').select('status').where('id', '=', aid).executeTakeFirstOrThrow();
      expect(answer.status).toBe(1);
      expect(await keysOf(aid)).toEqual([
        `answer.answered:${PEOPLE.bob.id}`,
        `answer.deleted:${PEOPLE.bob.id}`,
        `answer.undeleted:${PEOPLE.mod.id}`,
      ]);
      const again = await recover('admin');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ reason: 'error.answer.not_deleted', msg: 'This answer is not deleted.' });
      const missing = await s.call({
        method: 'POST',
        url: '/answer/recover',
        as: 'mod',
        payload: { answer_id: '10020000000999999' },
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('GET revisions/edit/check', () => {
    const check = (id: string, as: Person) => s.call({ method: 'GET', url: `/revisions/edit/check?id=${id}`, as });

    it('null for the owner, editors and members who may suggest; a pending suggested edit is a toast error', async () => {
      const qid = await asked();
      const aid = await answered(qid, 'carol');
      expect((await check(qid, 'alice')).body).toMatchObject({ code: 200, data: null });
      expect((await check(qid, 'rich')).body).toMatchObject({ code: 200, data: null });
      // A member below the edit privilege may still suggest an edit (it goes to the review queue).
      expect((await check(qid, 'bob')).body).toMatchObject({ code: 200, data: null });
      expect((await check(aid, 'carol')).status).toBe(200);
      expect((await check(aid, 'bob')).status).toBe(200);

      // A member with 100-999 reputation may edit, but the edit waits for review (edit_without_review: 1000).
      await s.db.updateTable('user').set({ rank: 150 }).where('id', '=', PEOPLE.bob.id).execute();
      const suggested = await s.call<{ wait_for_review: boolean }>({
        method: 'PUT',
        url: '/question',
        as: 'bob',
        payload: {
          id: qid,
          title: 'A suggested better title',
          content: 'Suggested body.',
          tags: [{ slug_name: 'support' }],
        },
      });
      await s.db.updateTable('user').set({ rank: 1 }).where('id', '=', PEOPLE.bob.id).execute();
      expect(suggested.body.data.wait_for_review).toBe(true);
      for (const who of ['alice', 'rich', 'mod'] as const) {
        const pending = await check(qid, who);
        expect(pending.status).toBe(400);
        expect(pending.body).toMatchObject({
          reason: 'error.revision.review_underway',
          msg: 'This post has an edit waiting for review. Try again once it has been reviewed.',
          data: { err_type: 'toast' },
        });
      }
      expect((await check(aid, 'carol')).status).toBe(200);
    });

    it('unknown objects: 400 for an id of another kind, 404 for a missing question', async () => {
      const bad = await s.call({ method: 'GET', url: '/revisions/edit/check?id=10070000000000001', as: 'mod' });
      expect(bad.status).toBe(400);
      expect(bad.body.reason).toBe('error.object.not_found');
      const missing = await s.call({ method: 'GET', url: '/revisions/edit/check?id=10010000000999999', as: 'mod' });
      expect(missing.status).toBe(404);
      expect((await s.call({ method: 'GET', url: '/revisions/edit/check?id=10010000000999999' })).status).toBe(401);
    });
  });

  describe('GET and PUT question/invite', () => {
    const invite = (id: string, names: string[], as: Person) =>
      s.call({ method: 'PUT', url: '/question/invite', as, payload: { id, invite_user: names } });
    const invited = async (id: string, as?: Person) =>
      (await s.call<InvitedUsers>({ method: 'GET', url: `/question/invite?id=${id}`, as })).body.data;
    const invitations = (id: string) =>
      s.db
        .selectFrom('notification')
        .select(['user_id', 'content', 'msg_type', 'type', 'is_read'])
        .where('object_id', '=', id)
        .orderBy('id')
        .execute();

    it('needs answer.invite_someone_to_answer (500 at level 2)', async () => {
      const id = await asked();
      const res = await invite(id, ['carol'], 'bob');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        reason: 'error.rank.no_enough_rank_to_operate',
        msg: 'You need at least 500 reputation to do this.',
      });
      expect(await invited(id)).toEqual([]);
    });

    it('replaces the invited set: unknown, suspended and self are left out; only new invitees are notified', async () => {
      const id = await asked();
      await s.notified();
      const res = await invite(id, ['Carol', 'erin', 'dave', 'nobody', 'rich', 'carol'], 'rich');
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
      const list = await invited(id);
      expect(list.map((u) => u.username)).toEqual(['carol', 'erin']);
      expect(list[0]).toMatchObject({ id: String(PEOPLE.carol.id), display_name: 'Carol', status: 'normal' });
      expect(await invited(id, 'bob')).toEqual(list);
      expect((await question(id)).invite_user_id).toBe(
        JSON.stringify([String(PEOPLE.carol.id), String(PEOPLE.erin.id)]),
      );

      const notes = await invitations(id);
      expect(notes.map((n) => n.user_id)).toEqual([PEOPLE.carol.id, PEOPLE.erin.id]);
      for (const note of notes) {
        expect(note).toMatchObject({ type: 1, msg_type: 3, is_read: 1 });
        expect(JSON.parse(note.content)).toMatchObject({
          trigger_user_id: String(PEOPLE.rich.id),
          notification_action: 'invited_you_to_answer',
          object_info: { object_id: id, object_type: 'question', object_map: { question: id } },
        });
      }
      // erin turned inbox mails off: only carol gets one.
      const mails = await s.notified();
      expect(mails.map((m) => m.to)).toEqual(['carol@example.com']);
      expect(mails[0]).toMatchObject({
        template: 'notify_invitation',
        subject: '[Agora Test] Rich invited you to answer a question',
      });
      expect(mails[0]!.text).toContain(`/questions/${id}\n`);

      expect((await invite(id, ['erin', 'bob'], 'mod')).status).toBe(200);
      expect((await invited(id)).map((u) => u.username)).toEqual(['erin', 'bob']);
      expect((await invitations(id)).map((n) => n.user_id)).toEqual([PEOPLE.carol.id, PEOPLE.erin.id, PEOPLE.bob.id]);
      expect((await s.notified()).map((m) => m.to)).toEqual(['bob@example.com']);

      expect((await invite(id, [], 'mod')).status).toBe(200);
      expect(await invited(id)).toEqual([]);
      expect((await question(id)).invite_user_id).toBeNull();
    });

    it('a closed question takes no invitations; a hidden one is 404 to visitors', async () => {
      const id = await asked();
      expect(
        (await s.call({ method: 'PUT', url: '/question/status', as: 'mod', payload: { id, close_type: 63 } })).status,
      ).toBe(200);
      const res = await invite(id, ['carol'], 'rich');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        reason: 'error.question.invite_not_open',
        msg: 'Only open questions can get invitations to answer.',
      });
      expect(await invitations(id)).toHaveLength(1); // the asker's "closed" notification only
      const hidden = await asked();
      expect(
        (
          await s.call({
            method: 'PUT',
            url: '/question/operation',
            as: 'mod',
            payload: { id: hidden, operation: 'hide' },
          })
        ).status,
      ).toBe(200);
      expect((await s.call({ method: 'GET', url: `/question/invite?id=${hidden}` })).status).toBe(404);
      const tooMany = await invite(
        id,
        Array.from({ length: 21 }, (_, i) => `user${i}`),
        'rich',
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.reason).toBe('base.request_format_error');
    });
  });
});
