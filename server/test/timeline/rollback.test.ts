import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CAST, timelineSite, type TimelineSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('rollback and bad input on $label', (target) => {
  let s: TimelineSite;

  beforeAll(async () => {
    s = await timelineSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const info = async (id: string) =>
    (await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as: 'alice' })).body.data;
  const questionCount = async (slug: string) =>
    Number(
      (await s.db.selectFrom('tag').select('question_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
        .question_count,
    );
  const notices = async (userId: number, objectId: string) =>
    (
      await s.db
        .selectFrom('notification')
        .select('content')
        .where('user_id', '=', userId)
        .where('object_id', '=', objectId)
        .execute()
    ).map((n) => (JSON.parse(n.content) as { notification_action: string }).notification_action);

  it('a question comes back exactly (title, body, tags), as a new revision with a rollback row', async () => {
    const question = await s.ask('alice');
    const edit = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'editor',
      payload: {
        id: question.id,
        title: 'A title the editor preferred',
        content: 'A body the editor preferred, longer.',
        tags: [{ slug_name: 'rollback-new' }],
        edit_summary: 'rewrote',
      },
    });
    expect(edit.status).toBe(200);
    expect((await info(question.id)).tags.map((t) => t.slug_name)).toEqual(['rollback-new']);
    expect(await questionCount('rollback-new')).toBe(1);
    const before = (await s.timeline(question.id, 'alice')).body.data.timeline;
    const first = before.find((r) => r.activity_type === 'asked')!.revision_id;
    const edited = before.find((r) => r.activity_type === 'edited')!.revision_id;

    const done = await s.rollback(first, 'alice', '  back to mine  ');
    expect(done.status).toBe(200);
    const restored = await info(question.id);
    expect(restored.title).toBe(question.title);
    expect(restored.content).toBe(question.content);
    expect(restored.tags.map((t) => t.slug_name)).toEqual(['support']);
    expect(await questionCount('rollback-new')).toBe(0);
    const rows = (await s.timeline(question.id, 'alice')).body.data.timeline;
    expect(rows[0]).toMatchObject({ activity_type: 'rollback', comment: 'back to mine', object_id: question.id });
    expect(Number(rows[0]!.revision_id)).toBeGreaterThan(Number(edited));
    const diff = await s.detail(rows[0]!.revision_id, edited, 'alice');
    expect(diff.body.data.new_revision).toMatchObject({ title: question.title, original_text: question.content });
    expect(diff.body.data.new_revision.tags.map((t) => t.slug_name)).toEqual(['support']);
    // The history lists it; the author rolled back her own post: no notice of that (only of the
    // editor's edit before it).
    const history = await s.call<Array<{ id: string; reason: string }>>({
      method: 'GET',
      url: `/revisions?object_id=${question.id}`,
      as: 'bob',
    });
    expect(history.body.data[0]).toMatchObject({ id: rows[0]!.revision_id, reason: 'back to mine' });
    expect(await notices(CAST.alice.id, question.id)).toEqual(['update_question']);
    // The revision it shows now is not rolled back to.
    const current = await s.rollback(rows[0]!.revision_id, 'alice');
    expect([current.status, current.body.reason]).toEqual([400, 'error.revision.already_current']);

    // A moderator puts the editor's version back: its tags return and the author is told.
    expect((await s.rollback(edited, 'mod')).status).toBe(200);
    const again = await info(question.id);
    expect(again.title).toBe('A title the editor preferred');
    expect(again.tags.map((t) => t.slug_name)).toEqual(['rollback-new']);
    expect(await questionCount('rollback-new')).toBe(1);
    expect(await notices(CAST.alice.id, question.id)).toEqual(['update_question', 'update_question']);
  });

  it('an answer comes back; its author is told; the question timeline does not list it', async () => {
    const question = await s.ask('alice');
    const answerId = await s.answer(question.id, 'bob');
    const edit = await s.call({
      method: 'PUT',
      url: '/answer',
      as: 'bob',
      payload: { id: answerId, content: 'A rewritten answer by bob.', edit_summary: 'rewrite' },
    });
    expect(edit.status).toBe(200);
    const first = (await s.timeline(answerId, 'bob')).body.data.timeline.find((r) => r.activity_type === 'answered')!;
    expect((await s.rollback(first.revision_id, 'mod', 'spam link removed')).status).toBe(200);
    const answer = await s.db
      .selectFrom('answer')
      .select(['original_text', 'last_edit_user_id'])
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(answer).toEqual({
      original_text: 'An answer by bob that explains it well.',
      last_edit_user_id: CAST.mod.id,
    });
    const rows = (await s.timeline(answerId, 'bob')).body.data.timeline;
    expect(rows.map((r) => r.activity_type)).toEqual(['rollback', 'edited', 'answered']);
    expect(rows[0]).toMatchObject({ comment: 'spam link removed' });
    expect(await notices(CAST.bob.id, answerId)).toEqual(['update_answer']);
    const onQuestion = (await s.timeline(question.id, 'bob')).body.data.timeline.map((r) => r.activity_type);
    expect(onQuestion).toEqual(['answered', 'asked']);
  });

  it("a tag's slug, names and wiki come back; only staff change a slug that way", async () => {
    const created = await s.call({
      method: 'POST',
      url: '/tag',
      as: 'editor',
      payload: { slug_name: 'rb-first', display_name: 'First name', original_text: 'First wiki.' },
    });
    expect(created.status).toBe(200);
    const tag = await s.db.selectFrom('tag').select('id').where('slug_name', '=', 'rb-first').executeTakeFirstOrThrow();
    const edit = await s.call({
      method: 'PUT',
      url: '/tag',
      as: 'mod',
      payload: { tag_id: tag.id, slug_name: 'rb-second', display_name: 'Second name', original_text: 'Second wiki.' },
    });
    expect(edit.status).toBe(200);
    const first = (await s.timeline(tag.id, 'tagger')).body.data.timeline.find((r) => r.activity_type === 'created')!;
    const renames = await s.rollback(first.revision_id, 'tagger');
    expect([renames.status, renames.body.reason]).toEqual([403, 'error.tag.cannot_edit_slug_name']);
    expect((await s.rollback(first.revision_id, 'mod')).status).toBe(200);
    const row = await s.db
      .selectFrom('tag')
      .select(['slug_name', 'display_name', 'original_text'])
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slug_name: 'rb-first', display_name: 'First name', original_text: 'First wiki.' });
    const timeline = await s.timeline(tag.id, 'bob');
    expect(timeline.body.data.object_info.title).toBe('rb-first');
    expect(timeline.body.data.timeline.map((r) => r.activity_type)).toEqual(['rollback', 'edited', 'created']);
  });

  it('bad input: 400 with a reason or field, unknown ids 404, never a 500', async () => {
    const question = await s.ask('alice');
    const other = await s.ask('alice');
    const rev = async (id: string) =>
      (await s.timeline(id, 'alice')).body.data.timeline.find((r) => r.activity_type === 'asked')!.revision_id;
    const [mine, theirs] = [await rev(question.id), await rev(other.id)];
    const comment = await s.call<{ comment_id: string }>({
      method: 'POST',
      url: '/comment',
      as: 'bob',
      payload: { object_id: question.id, original_text: 'A comment to point at.' },
    });
    const get = (url: string) => s.call({ method: 'GET', url, as: 'alice' });
    const cases: Array<[Promise<{ status: number; body: { reason: string } }>, number, string]> = [
      [get('/activity/timeline'), 400, 'base.request_format_error'],
      [get('/activity/timeline?object_id=not-an-id!'), 400, 'base.request_format_error'],
      [get(`/activity/timeline?object_id=${question.id}&show_vote=maybe`), 400, 'base.request_format_error'],
      [get('/activity/timeline?object_id=10010000000999999'), 404, 'error.question.not_found'],
      [get('/activity/timeline?object_id=10020000000999999'), 404, 'error.answer.not_found'],
      [get('/activity/timeline?object_id=10030000000999999'), 404, 'error.tag.not_found'],
      [get(`/activity/timeline?object_id=${comment.body.data.comment_id}`), 404, 'error.object.not_found'],
      [get('/activity/timeline?object_id=12345'), 404, 'error.object.not_found'],
      [get(`/activity/timeline/detail?new_revision_id=${mine}`), 400, 'base.request_format_error'],
      [get(`/activity/timeline/detail?new_revision_id=abc&old_revision_id=0`), 400, 'base.request_format_error'],
      [get(`/activity/timeline/detail?new_revision_id=99999999&old_revision_id=0`), 404, 'error.revision.not_found'],
      [get(`/activity/timeline/detail?new_revision_id=0&old_revision_id=0`), 404, 'error.revision.not_found'],
      [
        get(`/activity/timeline/detail?new_revision_id=${mine}&old_revision_id=99999999`),
        404,
        'error.revision.not_found',
      ],
      [
        get(`/activity/timeline/detail?new_revision_id=${mine}&old_revision_id=${theirs}`),
        400,
        'error.revision.not_same_object',
      ],
      [
        s.call({ method: 'PUT', url: '/revisions/rollback', as: 'alice', payload: {} }),
        400,
        'base.request_format_error',
      ],
      [s.rollback('abc', 'alice'), 400, 'base.request_format_error'],
      [s.rollback('99999999', 'alice'), 404, 'error.revision.not_found'],
      [s.rollback(mine, 'alice', 'x'.repeat(501)), 400, 'base.request_format_error'],
      [s.rollback(mine, 'alice'), 400, 'error.revision.already_current'],
    ];
    for (const [reply, status, reason] of cases) {
      const done = await reply;
      expect([done.status, done.body.reason]).toEqual([status, reason]);
    }
    // Reasons are translated per Accept-Language.
    const zh = await s.call<null>({
      method: 'GET',
      url: `/activity/timeline/detail?new_revision_id=${mine}&old_revision_id=${theirs}`,
      as: 'alice',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.msg).toBe('两个修订版本必须属于同一个帖子或标签。');
  });
});
