import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newObjectId } from '../../src/db/ids';
import { testDatabases } from '../db/databases';
import { postsSite, questionBody, PEOPLE, type PostsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('POST question on $label', (target) => {
  let s: PostsSite;
  let supportId: string;

  beforeAll(async () => {
    s = await postsSite(target);
    const support = await s.db
      .selectFrom('tag')
      .select('id')
      .where('slug_name', '=', 'support')
      .executeTakeFirstOrThrow();
    supportId = support.id;
    const now = Date.now();
    // "help" is a synonym of "support"; "staff-only" is reserved.
    for (const [slug, extra] of [
      ['help', { main_tag_id: supportId, main_tag_slug_name: 'support' }],
      ['staff-only', { reserved: 1 }],
    ] as const) {
      await s.db
        .insertInto('tag')
        .values({
          id: await newObjectId(s.db, 'tag'),
          slug_name: slug,
          display_name: slug,
          original_text: '',
          parsed_text: '',
          user_id: 1,
          created_at: now,
          updated_at: now,
          ...extra,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const ask = (body: Record<string, unknown>, as: 'alice' | 'bob' | 'rich' | 'mod' | null = 'alice') =>
    s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: body, as: as ?? undefined });
  const questionCount = async () =>
    Number(
      (
        await s.db
          .selectFrom('question')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the question with its html, tags, revision, activity and the asker count', async () => {
    const before = await s.db
      .selectFrom('user')
      .select('question_count')
      .where('id', '=', PEOPLE.alice.id)
      .executeTakeFirstOrThrow();
    const body = questionBody({
      content: 'Steps:\n\n1. **bold** <script>alert(1)</script>',
      tags: [{ slug_name: 'SUPPORT' }],
    });
    const res = await ask(body);
    expect(res.status).toBe(200);
    const info = res.body.data;
    expect(info.id).toMatch(/^10010\d{12}$/);
    expect(info.title).toBe(body.title);
    expect(info.content).toBe(body.content);
    expect(info.html).toContain('<strong>bold</strong>');
    expect(info.html).not.toContain('<script>');
    expect(info.tags.map((t) => t.slug_name)).toEqual(['support']);
    expect(info.user_info).toMatchObject({ id: String(PEOPLE.alice.id), username: 'alice' });
    expect(info).toMatchObject({ status: 1, pin: 1, show: 1, view_count: 0, answer_count: 0, vote_status: '' });
    expect(info.member_actions.map((a) => a.action)).toEqual(['report', 'edit', 'delete']);

    const row = await s.db.selectFrom('question').selectAll().where('id', '=', info.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(PEOPLE.alice.id);
    const revision = await s.db.selectFrom('revision').selectAll().where('object_id', '=', info.id).execute();
    expect(revision).toHaveLength(1);
    expect(revision[0]!.id).toBe(row.revision_id);
    expect(JSON.parse(revision[0]!.content)).toMatchObject({ title: body.title, original_text: body.content });
    const asked = await s.db
      .selectFrom('config')
      .select('id')
      .where('key', '=', 'question.asked')
      .executeTakeFirstOrThrow();
    const activity = await s.db.selectFrom('activity').selectAll().where('object_id', '=', info.id).execute();
    expect(activity.map((a) => [a.user_id, a.activity_type])).toEqual([[PEOPLE.alice.id, asked.id]]);
    const after = await s.db
      .selectFrom('user')
      .select('question_count')
      .where('id', '=', PEOPLE.alice.id)
      .executeTakeFirstOrThrow();
    expect(after.question_count).toBe(before.question_count + 1);
    const rels = await s.db.selectFrom('tag_rel').select('tag_id').where('object_id', '=', info.id).execute();
    expect(rels.map((r) => r.tag_id)).toEqual([supportId]);
  });

  it('maps a synonym to its main tag, once', async () => {
    const res = await ask(questionBody({ tags: [{ slug_name: 'help' }, { slug_name: 'support' }] }));
    expect(res.status).toBe(200);
    expect(res.body.data.tags.map((t) => t.slug_name)).toEqual(['support']);
  });

  it('a new tag needs tag.add: refused for a rep-1 member (nothing stored), created for one with 750', async () => {
    const body = questionBody({ tags: [{ slug_name: 'Brand-New', display_name: 'Brand New' }] });
    const count = await questionCount();
    const refused = await ask(body);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('error.rank.no_enough_rank_to_operate');
    expect(refused.body.msg).toBe('You need at least 750 reputation to do this.');
    expect(await questionCount()).toBe(count);
    expect(
      await s.db.selectFrom('tag').select('id').where('slug_name', '=', 'brand-new').executeTakeFirst(),
    ).toBeUndefined();

    const created = await ask(body, 'rich');
    expect(created.status).toBe(200);
    expect(created.body.data.tags).toEqual([
      { slug_name: 'brand-new', display_name: 'Brand New', main_tag_slug_name: '', recommend: false, reserved: false },
    ]);
    const tag = await s.db.selectFrom('tag').selectAll().where('slug_name', '=', 'brand-new').executeTakeFirstOrThrow();
    expect(tag).toMatchObject({ user_id: PEOPLE.rich.id, question_count: 1, status: 1 });
  });

  it('reserved tags only for moderators and admins', async () => {
    const body = questionBody({ tags: [{ slug_name: 'staff-only' }] });
    const refused = await ask(body);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('error.rank.fail_to_meet_the_condition');
    const allowed = await ask(body, 'mod');
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.tags[0]).toMatchObject({ slug_name: 'staff-only', reserved: true });
  });

  it('refuses bad input with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [questionBody({ title: 'Short' }), 'title'],
      [questionBody({ title: 'x'.repeat(151) }), 'title'],
      [questionBody({ title: '      ab      ' }), 'title'],
      [questionBody({ content: '' }), 'content'],
      [questionBody({ tags: [] }), 'tags'],
      [questionBody({ tags: Array.from({ length: 6 }, (_, i) => ({ slug_name: `t${i}` })) }), 'tags'],
      [questionBody({ tags: [{ slug_name: 'no spaces' }] }), 'tags'],
      [questionBody({ tags: [{ slug_name: 'x'.repeat(36) }] }), 'tags.0.slug_name'],
    ];
    const count = await questionCount();
    for (const [body, field] of cases) {
      const res = await ask(body, 'rich');
      expect(res.status, JSON.stringify(body)).toBe(400);
      const fields = (res.body.data as unknown as { error_field: string }[]).map((f) => f.error_field);
      expect(fields).toContain(field);
    }
    expect(await questionCount()).toBe(count);
  });

  it('title messages are translated', async () => {
    const res = await ask(questionBody({ title: '   abc   ' }), 'rich');
    expect(res.body.data).toEqual([{ error_field: 'title', error_msg: 'Title must be at least 6 characters.' }]);
  });

  it('visitors are 401', async () => {
    const res = await ask(questionBody(), null);
    expect(res.status).toBe(401);
  });

  it('the duplicate guard refuses the same body within 5 minutes; a failed post does not count', async () => {
    const body = questionBody();
    expect((await ask(body)).status).toBe(200);
    const again = await ask(body);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ reason: 'base.duplicate_request_error', msg: 'This was already submitted.' });
    // Another user may post the same text.
    expect((await ask(body, 'bob')).status).toBe(200);

    // A post that failed (new tag without tag.add) left no key: once the tag exists it goes through.
    const withNewTag = questionBody({ tags: [{ slug_name: 'later-tag' }] });
    expect((await ask(withNewTag)).status).toBe(403);
    expect((await ask(questionBody({ tags: [{ slug_name: 'later-tag' }] }), 'mod')).status).toBe(200);
    expect((await ask(withNewTag)).status).toBe(200);
  });
});
