import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CAST, timelineSite, type TimelineSite, type Who } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const EVERYONE = Object.keys(CAST) as Who[];

describe.each(available)('who may read timelines and roll back on $label', (target) => {
  let s: TimelineSite;

  beforeAll(async () => {
    s = await timelineSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** A question by alice with one applied edit: its id and its two revision ids (first, edit). */
  async function editedQuestion(): Promise<{ id: string; first: string; edit: string }> {
    const question = await s.ask('alice');
    const edit = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'alice',
      payload: {
        id: question.id,
        title: `${question.title} (edited)`,
        content: 'An edited body of this question.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'mine',
      },
    });
    expect(edit.status).toBe(200);
    const rows = (await s.timeline(question.id, 'alice')).body.data.timeline;
    return {
      id: question.id,
      first: rows.find((r) => r.activity_type === 'asked')!.revision_id,
      edit: rows.find((r) => r.activity_type === 'edited')!.revision_id,
    };
  }

  /** The status of each member's GET activity/timeline of `id` (and of its detail when revisions are given). */
  async function readers(id: string, revisions?: { newId: string; oldId: string }) {
    const out: Record<string, number[]> = {};
    for (const who of EVERYONE) {
      const statuses = [(await s.timeline(id, who)).status];
      if (revisions) statuses.push((await s.detail(revisions.newId, revisions.oldId, who)).status);
      out[who] = statuses;
    }
    return out;
  }

  it('anonymous, suspended and inactive accounts are refused on all three routes', async () => {
    const q = await editedQuestion();
    const anonymous = [
      await s.call({ method: 'GET', url: `/activity/timeline?object_id=${q.id}` }),
      await s.call({
        method: 'GET',
        url: `/activity/timeline/detail?new_revision_id=${q.edit}&old_revision_id=${q.first}`,
      }),
      await s.call({ method: 'PUT', url: '/revisions/rollback', payload: { revision_id: q.first } }),
    ];
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 401]);
    for (const [who, reason] of [
      ['suspended', 'error.user.suspended'],
      ['inactive', 'error.email.need_to_be_verified'],
    ] as const) {
      const replies = [
        await s.timeline(q.id, who),
        await s.detail(q.edit, q.first, who),
        await s.rollback(q.first, who),
      ];
      expect(replies.map((r) => [r.status, r.body.reason])).toEqual([
        [403, reason],
        [403, reason],
        [403, reason],
      ]);
    }
    // Nothing was rolled back.
    const rows = (await s.timeline(q.id, 'alice')).body.data.timeline;
    expect(rows.map((r) => r.activity_type)).toEqual(['edited', 'asked']);
  });

  it('an open question: every active member reads; only its author and staff roll back', async () => {
    const q = await editedQuestion();
    const reads = await readers(q.id, { newId: q.edit, oldId: q.first });
    for (const who of ['admin', 'alice', 'bob', 'reviser', 'editor', 'tagger', 'mod'] as const)
      expect(reads[who]).toEqual([200, 200]);
    for (const who of ['bob', 'reviser', 'editor', 'tagger'] as const) {
      const refused = await s.rollback(q.first, who);
      expect([refused.status, refused.body.reason]).toEqual([403, 'error.revision.rollback_not_allowed']);
    }
    // Each puts back the revision the question does not show now.
    for (const [who, revision] of [
      ['alice', q.first],
      ['mod', q.edit],
      ['admin', q.first],
    ] as const)
      expect((await s.rollback(revision, who)).status, who).toBe(200);
    const rows = (await s.timeline(q.id, 'bob')).body.data.timeline;
    expect(rows.map((r) => [r.activity_type, r.user_info.id])).toEqual([
      ['rollback', '1'],
      ['rollback', String(CAST.mod.id)],
      ['rollback', String(CAST.alice.id)],
      ['edited', String(CAST.alice.id)],
      ['asked', String(CAST.alice.id)],
    ]);
  });

  it('deleted, unlisted and queued questions: 404 on every route for all but their author and staff', async () => {
    const deleted = await editedQuestion();
    expect(
      (await s.call({ method: 'DELETE', url: '/question', as: 'alice', payload: { id: deleted.id } })).status,
    ).toBe(200);
    const unlisted = await editedQuestion();
    expect(
      (
        await s.call({
          method: 'PUT',
          url: '/question/operation',
          as: 'mod',
          payload: { id: unlisted.id, operation: 'hide' },
        })
      ).status,
    ).toBe(200);
    const queued = await editedQuestion();
    await s.db.updateTable('question').set({ status: 11 }).where('id', '=', queued.id).execute();
    for (const q of [deleted, unlisted, queued]) {
      const reads = await readers(q.id, { newId: q.edit, oldId: q.first });
      for (const who of ['alice', 'mod', 'admin'] as const) expect(reads[who], who).toEqual([200, 200]);
      for (const who of ['bob', 'reviser', 'editor', 'tagger'] as const) {
        expect(reads[who], who).toEqual([404, 404]);
        const timeline = await s.timeline(q.id, who);
        expect(timeline.body.reason).toBe('error.question.not_found');
        expect(timeline.body.data).toBeNull();
        const rollback = await s.rollback(q.first, who);
        expect([rollback.status, rollback.body.reason]).toEqual([404, 'error.question.not_found']);
      }
    }
    // A deleted question is not rolled back, not even by staff.
    for (const who of ['alice', 'mod', 'admin'] as const) {
      const refused = await s.rollback(deleted.first, who);
      expect([refused.status, refused.body.reason]).toEqual([400, 'error.question.cannot_update']);
    }
    // An unlisted one is, by its author.
    expect((await s.rollback(unlisted.first, 'alice')).status).toBe(200);
  });

  it("a deleted answer: hidden from others on its own timeline and on its question's", async () => {
    const question = await s.ask('alice');
    const answerId = await s.answer(question.id, 'bob');
    expect((await s.call({ method: 'DELETE', url: '/answer', as: 'bob', payload: { id: answerId } })).status).toBe(200);
    const reads = await readers(answerId);
    for (const who of ['bob', 'mod', 'admin'] as const) expect(reads[who], who).toEqual([200]);
    for (const who of ['alice', 'reviser', 'editor'] as const) {
      expect(reads[who], who).toEqual([404]);
      expect((await s.timeline(answerId, who)).body.reason).toBe('error.answer.not_found');
    }
    const kindsFor = async (who: Who) =>
      (await s.timeline(question.id, who)).body.data.timeline.map((r) => r.activity_type);
    expect(await kindsFor('alice')).toEqual(['asked']);
    expect(await kindsFor('bob')).toEqual(['answered', 'asked']);
    expect(await kindsFor('mod')).toEqual(['answered', 'asked']);
    const answered = (await s.timeline(answerId, 'bob')).body.data.timeline.find(
      (r) => r.activity_type === 'answered',
    )!;
    const rollback = await s.rollback(answered.revision_id, 'bob');
    expect([rollback.status, rollback.body.reason]).toEqual([400, 'error.answer.cannot_update']);
  });

  it('suggested and rejected revisions never show to non-staff; rollback refuses them and waits for review', async () => {
    const q = await editedQuestion();
    const suggest = await s.call<{ wait_for_review: boolean }>({
      method: 'PUT',
      url: '/question',
      as: 'reviser',
      payload: {
        id: q.id,
        title: 'A suggested title for the question',
        content: 'A suggested body for the question.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'suggested',
      },
    });
    expect(suggest.body.data.wait_for_review).toBe(true);
    const suggested = await s.db
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', q.id)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const suggestedId = String(suggested.id);
    // Not on the timeline, for anyone.
    for (const who of ['alice', 'mod'] as const) {
      const rows = (await s.timeline(q.id, who)).body.data.timeline;
      expect(rows.map((r) => r.revision_id)).not.toContain(suggestedId);
      expect(rows.map((r) => r.comment)).not.toContain('suggested');
    }
    for (const who of ['alice', 'reviser', 'bob'] as const) {
      const detail = await s.detail(suggestedId, q.edit, who);
      expect([detail.status, detail.body.reason], who).toEqual([404, 'error.revision.not_found']);
      const rollback = await s.rollback(suggestedId, who);
      expect([rollback.status, rollback.body.reason], who).toEqual([404, 'error.revision.not_found']);
    }
    const staffDetail = await s.detail(suggestedId, q.edit, 'mod');
    expect(staffDetail.status).toBe(200);
    expect(staffDetail.body.data.new_revision.title).toBe('A suggested title for the question');
    const staffRollback = await s.rollback(suggestedId, 'mod');
    expect([staffRollback.status, staffRollback.body.reason]).toEqual([400, 'error.revision.not_applied']);
    // While the suggestion waits, nobody rolls back.
    for (const who of ['alice', 'mod'] as const) {
      const waiting = await s.rollback(q.first, who);
      expect([waiting.status, waiting.body.reason]).toEqual([400, 'error.question.cannot_update']);
    }
    // Rejected (as a reviewer would): still hidden from non-staff, and never put back.
    await s.db.updateTable('revision').set({ status: 3 }).where('id', '=', Number(suggestedId)).execute();
    expect((await s.detail(suggestedId, q.edit, 'alice')).status).toBe(404);
    expect((await s.rollback(suggestedId, 'admin')).body.reason).toBe('error.revision.not_applied');
    expect((await s.rollback(q.first, 'alice')).status).toBe(200);
  });

  it('tags: any active member reads; rollback needs tag edits without review (or staff); deleted tags hide', async () => {
    expect(
      (
        await s.call({
          method: 'POST',
          url: '/tag',
          as: 'editor',
          payload: { slug_name: 'access-tag', display_name: 'Access', original_text: 'One.' },
        })
      ).status,
    ).toBe(200);
    const tag = await s.db
      .selectFrom('tag')
      .select('id')
      .where('slug_name', '=', 'access-tag')
      .executeTakeFirstOrThrow();
    const edit = await s.call({
      method: 'PUT',
      url: '/tag',
      as: 'tagger',
      payload: { tag_id: tag.id, slug_name: 'access-tag', display_name: 'Access', original_text: 'Two.' },
    });
    expect(edit.status).toBe(200);
    const rows = (await s.timeline(tag.id, 'bob')).body.data.timeline;
    const created = rows.find((r) => r.activity_type === 'created')!.revision_id;
    for (const who of ['bob', 'editor', 'reviser'] as const) {
      const refused = await s.rollback(created, who);
      expect(refused.status, who).toBe(403);
      expect(refused.body.reason).toBe('error.rank.no_enough_rank_to_operate');
    }
    const edited = rows.find((r) => r.activity_type === 'edited')!.revision_id;
    for (const [who, revision] of [
      ['tagger', created],
      ['mod', edited],
      ['mod', created],
    ] as const)
      expect((await s.rollback(revision, who)).status, who).toBe(200);
    const wiki = await s.db
      .selectFrom('tag')
      .select('original_text')
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(wiki.original_text).toBe('One.');
    expect((await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: tag.id } })).status).toBe(
      200,
    );
    const reads = await readers(tag.id, { newId: created, oldId: '0' });
    expect(reads.admin).toEqual([200, 200]);
    for (const who of ['alice', 'bob', 'tagger'] as const) expect(reads[who], who).toEqual([404, 404]);
    expect((await s.timeline(tag.id, 'bob')).body.reason).toBe('error.tag.not_found');
    expect((await s.rollback(created, 'admin')).body.reason).toBe('error.tag.not_found');
  });
});
