import type { QuestionInfo, QuestionPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { operationsSite, questionBody, PEOPLE, type OperationsSite, type Person } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('pin, unpin, hide and show questions on $label', (target) => {
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
  const operate = (id: string, operation: string, as: Person) =>
    s.call({ method: 'PUT', url: '/question/operation', as, payload: { id, operation } });
  const info = (id: string, as?: Person) => s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as });
  const newest = async (as?: Person) =>
    (await s.call<QuestionPage>({ method: 'GET', url: '/question/page?order=newest&page=1&page_size=50', as })).body
      .data;
  const actions = async (id: string, as: Person) => (await info(id, as)).body.data.member_actions.map((a) => a.action);
  const tagCount = async (slug: string) =>
    Number(
      (await s.db.selectFrom('tag').select('question_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
        .question_count,
    );

  it('members, even with much reputation, cannot pin or hide: 403 with the privilege message', async () => {
    const id = await asked();
    for (const [who, operation] of [
      ['bob', 'pin'],
      ['rich', 'pin'],
      ['alice', 'hide'],
      ['rich', 'hide'],
    ] as const) {
      const res = await operate(id, operation, who);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        reason: 'error.rank.fail_to_meet_the_condition',
        msg: "You don't have enough reputation for this yet.",
      });
    }
    expect((await info(id)).body.data).toMatchObject({ pin: 1, show: 1 });
  });

  it('a pinned question comes first in every list order; unpin puts it back; repeats are 400', async () => {
    const old = await asked();
    const recent = await asked('bob');
    expect((await newest()).list.findIndex((q) => q.id === recent)).toBeLessThan(
      (await newest()).list.findIndex((q) => q.id === old),
    );
    expect((await operate(old, 'pin', 'mod')).status).toBe(200);
    expect((await info(old)).body.data.pin).toBe(2);
    for (const order of ['newest', 'active', 'score', 'frequent', 'unanswered']) {
      const page = await s.call<QuestionPage>({
        method: 'GET',
        url: `/question/page?order=${order}&page=1&page_size=5`,
      });
      expect(page.body.data.list[0]).toMatchObject({ id: old, pin: 2 });
    }
    const again = await operate(old, 'pin', 'admin');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      reason: 'error.question.already_pinned',
      msg: 'This question is already pinned.',
    });
    expect((await operate(old, 'unpin', 'admin')).status).toBe(200);
    expect((await newest()).list[0]!.id).not.toBe(old);
    const unpinAgain = await operate(old, 'unpin', 'mod');
    expect(unpinAgain.status).toBe(400);
    expect(unpinAgain.body.reason).toBe('error.question.not_pinned');
    const keys = await s.db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select(['config.key', 'activity.user_id'])
      .where('activity.object_id', '=', old)
      .orderBy('activity.id')
      .execute();
    expect(keys).toEqual([
      { key: 'question.asked', user_id: PEOPLE.alice.id },
      { key: 'question.pin', user_id: PEOPLE.mod.id },
      { key: 'question.unpin', user_id: PEOPLE.admin.id },
    ]);
  });

  it('a hidden question leaves the lists and its tag count, and is 404 to other members; show reverses it', async () => {
    const id = await asked('rich', 'hideable');
    expect(await tagCount('hideable')).toBe(1);
    expect((await operate(id, 'hide', 'mod')).status).toBe(200);
    expect(await tagCount('hideable')).toBe(0);
    for (const viewer of [undefined, 'bob', 'rich', 'mod'] as const) {
      expect((await newest(viewer)).list.map((q) => q.id)).not.toContain(id);
    }
    const byTag = await s.call<QuestionPage>({ method: 'GET', url: '/question/page?tag=hideable&page=1&page_size=10' });
    expect(byTag.body.data).toEqual({ count: 0, list: [] });
    expect((await info(id, 'bob')).status).toBe(404);
    expect((await info(id)).status).toBe(404);
    expect((await info(id, 'rich')).body.data.show).toBe(2);
    expect((await info(id, 'mod')).body.data.show).toBe(2);
    const again = await operate(id, 'hide', 'admin');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      reason: 'error.question.already_hidden',
      msg: 'This question is already unlisted.',
    });

    expect((await operate(id, 'show', 'admin')).status).toBe(200);
    expect(await tagCount('hideable')).toBe(1);
    expect((await newest('bob')).list.map((q) => q.id)).toContain(id);
    expect((await info(id, 'bob')).body.data.show).toBe(1);
    const showAgain = await operate(id, 'show', 'mod');
    expect(showAgain.status).toBe(400);
    expect(showAgain.body.reason).toBe('error.question.not_hidden');
  });

  it('bad input: an unknown operation is a request format error; an unknown question 404', async () => {
    const id = await asked();
    const bad = await operate(id, 'promote', 'mod');
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('base.request_format_error');
    const missing = await operate('10010000000999999', 'pin', 'mod');
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('error.question.not_found');
    expect(
      (await s.call({ method: 'PUT', url: '/question/operation', payload: { id, operation: 'pin' } })).status,
    ).toBe(401);
  });

  it('member_actions offer exactly what the viewer can do in the question state', async () => {
    const id = await asked();
    expect((await info(id)).body.data.member_actions).toEqual([]);
    expect(await actions(id, 'alice')).toEqual(['report', 'edit', 'delete']);
    expect(await actions(id, 'bob')).toEqual(['report', 'edit']);
    expect(await actions(id, 'rich')).toEqual(['report', 'edit']);
    // Only admins may delete another member's question (DELETE question): a moderator is not offered it.
    expect(await actions(id, 'mod')).toEqual(['report', 'edit', 'close', 'pin', 'hide']);
    const names = (await info(id, 'mod')).body.data.member_actions;
    expect(names.find((a) => a.action === 'hide')).toEqual({ action: 'hide', name: 'Unlist', type: 'confirm' });

    expect((await operate(id, 'pin', 'mod')).status).toBe(200);
    expect((await operate(id, 'hide', 'mod')).status).toBe(200);
    expect(
      (await s.call({ method: 'PUT', url: '/question/status', as: 'mod', payload: { id, close_type: 63 } })).status,
    ).toBe(200);
    expect(await actions(id, 'admin')).toEqual(['report', 'edit', 'delete', 'reopen', 'unpin', 'show']);
    expect(await actions(id, 'alice')).toEqual(['report', 'edit', 'delete']);

    expect((await s.call({ method: 'DELETE', url: '/question', as: 'admin', payload: { id } })).status).toBe(200);
    expect(await actions(id, 'mod')).toEqual(['undelete']);
    expect(await actions(id, 'alice')).toEqual([]);
    const onDeleted = await operate(id, 'unpin', 'mod');
    expect(onDeleted.status).toBe(400);
    expect(onDeleted.body).toMatchObject({
      reason: 'error.question.operation_deleted',
      msg: 'This question is deleted: undelete it first.',
    });
  });
});
