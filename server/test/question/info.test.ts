import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newObjectId } from '../../src/db/ids';
import { testDatabases } from '../db/databases';
import { postsSite, questionBody, PEOPLE, type Person, type PostsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('GET question/info on $label', (target) => {
  let s: PostsSite;

  beforeAll(async () => {
    s = await postsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(): Promise<string> {
    const res = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as: 'alice' });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  const info = (id: string, as?: Person, ip = '10.0.0.1') =>
    s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as, remoteAddress: ip });
  const actions = async (id: string, as: Person) => (await info(id, as)).body.data.member_actions.map((a) => a.action);

  it('shows the question to visitors; a view counts once per viewer', async () => {
    const id = await asked();
    const first = await info(id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, view_count: 1, member_actions: [], vote_status: '', collected: false });
    expect((await info(id)).body.data.view_count).toBe(1);
    expect((await info(id, undefined, '10.0.0.2')).body.data.view_count).toBe(2);
    expect((await info(id, 'bob')).body.data.view_count).toBe(3);
    expect((await info(id, 'bob')).body.data.view_count).toBe(3);
    const row = await s.db.selectFrom('question').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(3);
  });

  it('member actions follow the viewer permissions, with translated names', async () => {
    const id = await asked();
    expect(await actions(id, 'alice')).toEqual(['report', 'edit', 'delete']);
    // Below the edit privilege a member still suggests edits (they wait for review).
    expect(await actions(id, 'bob')).toEqual(['report', 'edit']);
    expect(await actions(id, 'rich')).toEqual(['report', 'edit']);
    // A moderator may not delete another member's question (DELETE question refuses it): not offered.
    expect(await actions(id, 'mod')).toEqual(['report', 'edit', 'close', 'pin', 'hide']);
    expect(await actions(id, 'admin')).toEqual(['report', 'edit', 'delete', 'close', 'pin', 'hide']);
    const res = await info(id, 'bob');
    expect(res.body.data.member_actions).toEqual([
      { action: 'report', name: 'Flag', type: 'reason' },
      { action: 'edit', name: 'Edit', type: 'edit' },
    ]);
    await s.db.updateTable('question').set({ status: 2, pin: 2, show: 2 }).where('id', '=', id).execute();
    expect(await actions(id, 'mod')).toEqual(['report', 'edit', 'reopen', 'unpin', 'show']);
  });

  it('reads the viewer vote, bookmark and follow from their rows', async () => {
    const id = await asked();
    const type = async (key: string) =>
      (await s.db.selectFrom('config').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const row = (activityId: number, activityType: number) => ({
      id: activityId,
      user_id: PEOPLE.bob.id,
      object_id: id,
      original_object_id: id,
      activity_type: activityType,
      created_at: now,
      updated_at: now,
    });
    const base = 900_000 + Math.floor(Math.random() * 50_000) * 2;
    await s.db
      .insertInto('activity')
      .values([row(base, await type('question.vote_up')), row(base + 1, await type('question.follow'))])
      .execute();
    await s.db
      .insertInto('collection_group')
      .values({ id: 77, user_id: PEOPLE.bob.id, name: 'default', default_group: 1, created_at: now, updated_at: now })
      .execute();
    await s.db
      .insertInto('collection')
      .values({
        id: await newObjectId(s.db, 'collection'),
        user_id: PEOPLE.bob.id,
        object_id: id,
        user_collection_group_id: 77,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const bob = (await info(id, 'bob')).body.data;
    expect(bob).toMatchObject({ vote_status: 'vote_up', collected: true, is_followed: true });
    const alice = (await info(id, 'alice')).body.data;
    expect(alice).toMatchObject({ vote_status: '', collected: false, is_followed: false });
  });

  it('deleted, pending and hidden questions are 404 except to the author and staff', async () => {
    for (const change of [{ status: 10 }, { status: 11 }, { show: 2 }]) {
      const id = await asked();
      await s.db.updateTable('question').set(change).where('id', '=', id).execute();
      for (const viewer of [undefined, 'bob'] as const) {
        const res = await info(id, viewer);
        expect(res.status, JSON.stringify(change)).toBe(404);
        expect(res.body).toMatchObject({ reason: 'error.question.not_found', msg: 'Question not found.' });
        expect(JSON.stringify(res.body)).not.toContain('configure thing');
      }
      expect((await info(id, 'alice')).status).toBe(200);
      expect((await info(id, 'mod')).status).toBe(200);
    }
  });

  it('unknown or malformed ids are 404', async () => {
    for (const id of ['10010000099999999', '10020000000000001', 'abc', '1']) {
      const res = await info(id);
      expect(res.status, id).toBe(404);
      expect(res.body.reason).toBe('error.question.not_found');
    }
  });
});
