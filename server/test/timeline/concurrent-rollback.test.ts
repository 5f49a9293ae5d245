import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { timelineSite, type TimelineSite, type Who } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

describe.each(available)('rollbacks at the same instant on $label', (target) => {
  let s: TimelineSite;

  beforeAll(async () => {
    s = await timelineSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const edit = async (id: string, round: number, step: number) => {
    const res = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'editor',
      payload: {
        id,
        title: `Round ${round}: the title of edit number ${step}`,
        content: `Round ${round}: the body of edit number ${step}, long enough.`,
        tags: [{ slug_name: `race-${round}-${step}` }],
        edit_summary: `edit ${step}`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** The question as stored and what its newest revision says it should be. */
  const state = async (id: string) => {
    const question = await s.db
      .selectFrom('question')
      .select(['title', 'revision_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const newest = await s.db
      .selectFrom('revision')
      .select(['id', 'title'])
      .where('object_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const links = await s.db
      .selectFrom('tag_rel')
      .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
      .select(['tag.slug_name', 'tag_rel.status'])
      .where('tag_rel.object_id', '=', id)
      .where('tag_rel.status', '=', 1)
      .execute();
    return { question, newest, links: links.map((l) => l.slug_name) };
  };
  const counts = async (round: number) =>
    (
      await s.db
        .selectFrom('tag')
        .select(['slug_name', 'question_count'])
        .where('slug_name', 'like', `race-${round}-%`)
        .orderBy('slug_name')
        .execute()
    ).map((t) => [t.slug_name, Number(t.question_count)]);

  it('to one revision at the same instant: one applies, the others find it already current', async () => {
    // A few rounds: the race is between the reads and writes of separate connections.
    for (let round = 0; round < 3; round++) {
      const question = await s.ask('alice');
      await edit(question.id, round, 1);
      const first = (await s.timeline(question.id)).body.data.timeline.find((r) => r.activity_type === 'asked')!;
      const who: Who[] = ['alice', 'mod', 'admin', 'alice', 'mod', 'admin'];
      const results = await Promise.all(who.map((as) => s.rollback(first.revision_id, as)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      for (const r of results.filter((r) => r.status === 400))
        expect(r.body.reason).toBe('error.revision.already_current');
      const timeline = (await s.timeline(question.id)).body.data.timeline;
      expect(timeline.filter((r) => r.activity_type === 'rollback')).toHaveLength(1);
      const { question: shown, newest } = await state(question.id);
      expect(String(shown.revision_id)).toBe(String(newest.id));
      expect(shown.title).toBe(question.title);
      // Later, the same rollback again changes nothing either.
      const again = await s.rollback(first.revision_id, 'mod');
      expect([again.status, again.body.reason]).toEqual([400, 'error.revision.already_current']);
    }
  });

  it('of one object apply one after the other: the newest rollback is what the object shows', async () => {
    // A few rounds: the race is between the reads and writes of separate connections.
    for (let round = 0; round < 4; round++) {
      const question = await s.ask('alice');
      await edit(question.id, round, 1);
      await edit(question.id, round, 2);
      await edit(question.id, round, 3);
      const rows = (await s.timeline(question.id)).body.data.timeline;
      const edits = rows.filter((r) => r.activity_type === 'edited').map((r) => r.revision_id);
      const [, second, first] = edits;
      const who: Who[] = ['alice', 'mod', 'admin', 'alice', 'mod', 'admin'];
      const results = await Promise.all(who.map((as, i) => s.rollback(i % 2 ? first! : second!, as)));
      // Each applies in turn, or finds that the one before it already put its revision back.
      for (const r of results) if (r.status !== 200) expect(r.body.reason).toBe('error.revision.already_current');
      const applied = results.filter((r) => r.status === 200).length;
      expect(applied).toBeGreaterThanOrEqual(1);

      const { question: shown, newest, links } = await state(question.id);
      expect(String(shown.revision_id)).toBe(String(newest.id));
      expect(shown.title).toBe(newest.title);
      expect(links).toHaveLength(1);
      const timeline = (await s.timeline(question.id)).body.data.timeline;
      expect(timeline.filter((r) => r.activity_type === 'rollback')).toHaveLength(applied);
      // Every tag counts the question exactly as often as it is linked.
      const step = newest.title.match(/edit number (\d)/)![1];
      expect(await counts(round)).toEqual([1, 2, 3].map((n) => [`race-${round}-${n}`, String(n) === step ? 1 : 0]));
    }
  });
});
