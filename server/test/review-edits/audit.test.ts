import type { QuestionInfo, UnreviewedRevisionPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CREW, editsSite, posting, type EditsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/**
 * Suggested edits as review tasks: the queue (oldest first, one per page), approving (applies the
 * revision, +2 to the editor, activity, notices) and rejecting, one pending edit per object, and
 * concurrent audits of one revision resolving exactly once.
 */
describe.each(available)('reviewing suggested edits on $label', (target) => {
  let s: EditsSite;
  let p: ReturnType<typeof posting>;

  beforeAll(async () => {
    s = await editsSite(target);
    p = posting(s);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const rank = async (id: number) =>
    Number((await s.db.selectFrom('user').select('rank').where('id', '=', id).executeTakeFirstOrThrow()).rank);
  const inbox = (userId: number, objectId: string) =>
    s.db
      .selectFrom('notification')
      .select('content')
      .where('user_id', '=', userId)
      .where('object_id', '=', objectId)
      .where('type', '=', 1)
      .execute()
      .then((rows) => rows.map((r) => (JSON.parse(r.content) as { notification_action: string }).notification_action));
  const page = (as: 'mod' | 'auditor' | 'tagger' | 'admin', n = 1) =>
    s.call<UnreviewedRevisionPage>({ url: `/revisions/unreviewed?page=${n}`, as });
  /** Empties the queue, so each test counts its own tasks. */
  async function drain() {
    const rows = await s.db.selectFrom('revision').select('id').where('status', '=', 1).execute();
    for (const row of rows) expect((await p.audit(String(row.id), 'reject', 'admin')).status).toBe(200);
  }

  it('queues a suggested question edit; approving applies it, pays the editor once and tells both', async () => {
    await drain();
    const q = await p.question();
    const edit = await p.editQuestion(q, 'editor', 'A reviewed and much better title');
    expect(edit.body.data).toMatchObject({ wait_for_review: true });
    // Nothing visible changed yet.
    const before = await s.call<QuestionInfo>({ url: `/question/info?id=${q.id}`, as: 'newbie' });
    expect(before.body.data.title).toBe(q.title);

    const listed = await page('mod');
    expect(listed.status).toBe(200);
    expect(listed.body.data.count).toBe(1);
    const task = listed.body.data.list[0]!;
    expect(task.type).toBe('question');
    expect(task.info).toMatchObject({
      object_id: q.id,
      question_id: q.id,
      object_type: 'question',
      object_creator_user_id: String(CREW.alice.id),
      title: q.title,
      content: q.content,
      status: 1,
      show_status: 1,
    });
    expect(task.info.tags.map((t) => t.slug_name)).toEqual(['support']);
    expect(task.unreviewed_info).toMatchObject({
      use_id: String(CREW.editor.id),
      object_id: q.id,
      title: 'A reviewed and much better title',
      status: 1,
      reason: 'clearer',
    });
    expect(task.unreviewed_info.user_info?.username).toBe('editor');

    const editorRank = await rank(CREW.editor.id);
    const approved = await p.audit(task.unreviewed_info.id, 'approve', 'mod');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({});
    const after = await s.call<QuestionInfo>({ url: `/question/info?id=${q.id}`, as: 'newbie' });
    expect(after.body.data.title).toBe('A reviewed and much better title');
    expect(await rank(CREW.editor.id)).toBe(editorRank + 2);
    // The edit is in the history and the timeline's activity, by the editor.
    const history = await s.call<Array<{ id: string; status: number }>>({
      url: `/revisions?object_id=${q.id}`,
      as: 'newbie',
    });
    expect(history.body.data[0]).toMatchObject({ id: task.unreviewed_info.id, status: 2 });
    const edited = await s.db
      .selectFrom('activity')
      .innerJoin('config', 'config.id', 'activity.activity_type')
      .select(['config.key', 'activity.user_id', 'activity.rank'])
      .where('activity.object_id', '=', q.id)
      .where('activity.revision_id', '=', Number(task.unreviewed_info.id))
      .orderBy('activity.id')
      .execute();
    expect(edited.map((a) => [a.key, Number(a.user_id), Number(a.rank)])).toEqual([
      ['question.edited', CREW.editor.id, 0],
      ['edit.accepted', CREW.editor.id, 2],
    ]);
    expect(await inbox(CREW.editor.id, q.id)).toEqual(['your_edit_was_approved']);
    expect(await inbox(CREW.alice.id, q.id)).toContain('update_question');
    // The queue is empty; a second audit is refused and pays nothing.
    expect((await page('mod')).body.data).toEqual({ count: 0, list: [] });
    const again = await p.audit(task.unreviewed_info.id, 'approve', 'admin');
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('error.review.already_reviewed');
    expect(await rank(CREW.editor.id)).toBe(editorRank + 2);
  });

  it('rejecting leaves the post as it was, pays nothing and tells the editor only', async () => {
    await drain();
    const q = await p.question();
    const answerId = await p.answer(q.id);
    const original = await s.call<{ info: { content: string } }>({ url: `/answer/info?id=${answerId}`, as: 'newbie' });
    expect((await p.editAnswer(answerId)).body.data).toEqual({ wait_for_review: true });
    const task = (await page('auditor')).body.data.list[0]!;
    expect(task.type).toBe('answer');
    expect(task.info).toMatchObject({ object_id: answerId, question_id: q.id, answer_id: answerId, title: q.title });
    const editorRank = await rank(CREW.editor.id);
    expect((await p.audit(task.unreviewed_info.id, 'reject', 'auditor')).status).toBe(200);
    const now = await s.call<{ info: { content: string } }>({ url: `/answer/info?id=${answerId}`, as: 'newbie' });
    expect(now.body.data.info.content).toBe(original.body.data.info.content);
    expect(await rank(CREW.editor.id)).toBe(editorRank);
    expect(await inbox(CREW.editor.id, answerId)).toEqual(['your_edit_was_rejected']);
    expect(await inbox(CREW.alice.id, answerId)).not.toContain('update_answer');
    // The post can be edited again.
    expect((await p.editAnswer(answerId)).status).toBe(200);
  });

  it('approving an answer edit and a tag edit applies them through their modules', async () => {
    await drain();
    const q = await p.question();
    const answerId = await p.answer(q.id);
    await p.editAnswer(answerId, 'editor', 'The approved answer body, long enough.');
    expect((await p.audit(await p.pendingRevision(answerId), 'approve', 'auditor')).status).toBe(200);
    const answer = await s.call<{ info: { content: string } }>({ url: `/answer/info?id=${answerId}`, as: 'newbie' });
    expect(answer.body.data.info.content).toBe('The approved answer body, long enough.');
    expect(await inbox(CREW.alice.id, answerId)).toContain('update_answer');

    const tagId = await p.tagId();
    expect((await p.editTag(tagId, 'editor', 'The approved wiki of support.')).body.data).toEqual({
      wait_for_review: true,
    });
    const revision = await p.pendingRevision(tagId);
    // auditor lacks tag.audit: the tag edit is not in their queue, and they may not audit it.
    expect((await page('auditor')).body.data.count).toBe(0);
    const refused = await p.audit(revision, 'approve', 'auditor');
    expect([refused.status, refused.body.reason]).toEqual([400, 'error.revision.no_permission']);
    const task = (await page('tagger')).body.data.list[0]!;
    expect(task).toMatchObject({ type: 'tag', info: { object_id: tagId, object_type: 'tag' } });
    expect((await p.audit(revision, 'approve', 'tagger')).status).toBe(200);
    const tag = await s.db.selectFrom('tag').select('original_text').where('id', '=', tagId).executeTakeFirstOrThrow();
    expect(tag.original_text).toBe('The approved wiki of support.');
  });

  it('pages oldest first, one task a page; the count is the queue length', async () => {
    await drain();
    const first = await p.question();
    const second = await p.question();
    await p.editQuestion(first);
    await p.editQuestion(second);
    const one = (await page('mod', 1)).body.data;
    const two = (await page('mod', 2)).body.data;
    const three = (await page('mod', 3)).body.data;
    expect([one.count, two.count, three.count]).toEqual([2, 2, 2]);
    expect(one.list.map((t) => t.info.object_id)).toEqual([first.id]);
    expect(two.list.map((t) => t.info.object_id)).toEqual([second.id]);
    expect(three.list).toEqual([]);
  });

  it('one pending edit per object: edits and the edit check refuse while it waits', async () => {
    await drain();
    const q = await p.question();
    const answerId = await p.answer(q.id);
    const tagId = await p.tagId();
    await p.editQuestion(q);
    await p.editAnswer(answerId);
    await p.editTag(tagId);
    const cases = [
      { edit: () => p.editQuestion(q, 'tagger'), id: q.id, reason: 'error.question.cannot_update' },
      { edit: () => p.editAnswer(answerId, 'tagger'), id: answerId, reason: 'error.answer.cannot_update' },
      { edit: () => p.editTag(tagId, 'tagger'), id: tagId, reason: 'error.tag.cannot_update' },
    ];
    for (const c of cases) {
      // Staff and the owner too: their edits would apply at once, over the one waiting.
      for (const as of ['tagger', 'mod'] as const) {
        const refused = await c.edit();
        expect([refused.status, refused.body.reason], `${c.id} by ${as}`).toEqual([400, c.reason]);
      }
      const check = await s.call({ url: `/revisions/edit/check?id=${c.id}`, as: 'mod' });
      expect(check.status).toBe(400);
      expect(check.body).toMatchObject({ reason: 'error.revision.review_underway', data: { err_type: 'toast' } });
    }
    const owner = await p.editQuestion(q, 'alice');
    expect([owner.status, owner.body.reason]).toEqual([400, 'error.question.cannot_update']);
    expect((await page('mod')).body.data.count).toBe(3);
  });

  it('concurrent audits of one revision: exactly one wins, the reputation is paid once', async () => {
    await drain();
    const q = await p.question();
    await p.editQuestion(q, 'editor', 'The title of the race');
    const revision = await p.pendingRevision(q.id);
    const editorRank = await rank(CREW.editor.id);
    const replies = await Promise.all([
      p.audit(revision, 'approve', 'mod'),
      p.audit(revision, 'approve', 'admin'),
      p.audit(revision, 'reject', 'auditor'),
      p.audit(revision, 'approve', 'tagger'),
      p.audit(revision, 'reject', 'mod'),
    ]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const r of replies.filter((x) => x.status === 400))
      expect(r.body.reason).toBe('error.review.already_reviewed');
    const won = replies.findIndex((r) => r.status === 200);
    const approved = won !== 2 && won !== 4;
    expect(await rank(CREW.editor.id)).toBe(editorRank + (approved ? 2 : 0));
    const edits = await s.db.selectFrom('activity').select('id').where('revision_id', '=', Number(revision)).execute();
    expect(edits).toHaveLength(approved ? 2 : 0);
    expect(await inbox(CREW.editor.id, q.id)).toHaveLength(1);
  });

  it('an unknown revision is 404; bad input is a field error', async () => {
    const missing = await p.audit('999999999', 'approve', 'mod');
    expect([missing.status, missing.body.reason]).toEqual([404, 'error.review.not_found']);
    const bad = await s.call({
      method: 'PUT',
      url: '/revisions/audit',
      payload: { id: 'x', operation: 'maybe' },
      as: 'mod',
    });
    expect(bad.status).toBe(400);
    const page0 = await s.call({ url: '/revisions/unreviewed?page=0', as: 'mod' });
    expect(page0.status).toBe(400);
  });
});
