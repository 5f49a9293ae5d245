import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CAST, timelineSite, type TimelineSite, type Who } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('a deleted comment on $label', (target) => {
  let s: TimelineSite;

  beforeAll(async () => {
    s = await timelineSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const comment = async (objectId: string, text: string, as: Who = 'bob') => {
    const res = await s.call<{ comment_id: string }>({
      method: 'POST',
      url: '/comment',
      as,
      payload: { object_id: objectId, original_text: text },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.comment_id;
  };
  const remove = (commentId: string, as: Who) =>
    s.call({ method: 'DELETE', url: '/comment', as, payload: { comment_id: commentId } });
  const activities = (objectId: string) =>
    s.db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select(['config.key', 'activity.user_id', 'activity.original_object_id'])
      .where('activity.object_id', '=', objectId)
      .orderBy('activity.id')
      .execute();

  it('writes a deleted activity of whoever deleted it, shown on the timeline to those who may see it', async () => {
    const question = await s.ask('alice');
    const byMod = await comment(question.id, 'A comment a moderator removes.');
    expect((await remove(byMod, 'mod')).status).toBe(200);
    expect(await activities(byMod)).toEqual([
      { key: 'question.commented', user_id: CAST.bob.id, original_object_id: question.id },
      { key: 'comment.deleted', user_id: CAST.mod.id, original_object_id: question.id },
    ]);

    const answerId = await s.answer(question.id, 'editor');
    const own = await comment(answerId, 'A comment its author removes.');
    expect((await remove(own, 'bob')).status).toBe(200);
    expect((await activities(own)).map((a) => [a.key, Number(a.user_id), a.original_object_id])).toEqual([
      ['answer.commented', CAST.bob.id, answerId],
      ['comment.deleted', CAST.bob.id, answerId],
    ]);

    // Staff see the deletion on the question's timeline, with the comment it removed.
    const rows = (await s.timeline(question.id, 'mod')).body.data.timeline;
    const deleted = rows.find((r) => r.activity_type === 'deleted' && r.object_id === byMod);
    // The comment as its thread showed it (rendered HTML), like a `commented` row.
    expect(deleted).toMatchObject({ comment: '<p>A comment a moderator removes.</p>', user_info: { username: 'mod' } });
    // Members see neither the deleted comment's row nor its deletion.
    const member = (await s.timeline(question.id, 'editor')).body.data.timeline;
    expect(member.some((r) => r.object_id === byMod)).toBe(false);
  });

  it('a second deletion of the same comment writes nothing more', async () => {
    const question = await s.ask('alice');
    const id = await comment(question.id, 'Deleted twice at once.');
    await Promise.all([remove(id, 'mod'), remove(id, 'admin')]);
    expect((await activities(id)).filter((a) => a.key === 'comment.deleted')).toHaveLength(1);
  });
});
