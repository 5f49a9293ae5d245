import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { postsSite, questionBody, PEOPLE, type Person, type PostsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('PUT and DELETE question on $label', (target) => {
  let s: PostsSite;

  beforeAll(async () => {
    s = await postsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(as: Person = 'alice'): Promise<string> {
    const res = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  const edit = (id: string, as: Person, extra: Record<string, unknown> = {}) =>
    s.call<{ url_title: string; wait_for_review: boolean }>({
      method: 'PUT',
      url: '/question',
      as,
      payload: {
        id,
        title: 'An edited title here',
        content: 'Edited body text.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'fix',
        ...extra,
      },
    });
  const remove = (id: string, as: Person) => s.call({ method: 'DELETE', url: '/question', as, payload: { id } });
  const row = (id: string) => s.db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a rep-1 member edit of another member question is a suggestion: the question waits unchanged', async () => {
    const id = await asked();
    const before = await row(id);
    const res = await edit(id, 'bob');
    expect(res.status).toBe(200);
    expect(res.body.data.wait_for_review).toBe(true);
    expect(await row(id)).toEqual(before);
    const revisions = await s.db.selectFrom('revision').select('status').where('object_id', '=', id).execute();
    expect(revisions).toHaveLength(2);
    expect(revisions.map((r) => Number(r.status))).toContain(1);
  });

  it('an edit summary of 256 characters is refused on its field (255 kept whole): nothing changes', async () => {
    // Asked by another member than the other cases: alice's question budget is theirs.
    const id = await asked('rich');
    const before = await row(id);
    const long = await edit(id, 'rich', { edit_summary: 'ü'.repeat(256) });
    expect(long.status).toBe(400);
    expect((long.body.data as unknown as { error_field: string }[]).map((e) => e.error_field)).toEqual([
      'edit_summary',
    ]);
    expect(await row(id)).toEqual(before);
    expect((await edit(id, 'rich', { edit_summary: 'ü'.repeat(255) })).status).toBe(200);
    const last = await s.db
      .selectFrom('revision')
      .select('log')
      .where('object_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.log).toBe('ü'.repeat(255));
  });

  it('the owner edits at once: new revision, title, html, edit summary, tags replaced', async () => {
    const id = await asked();
    const res = await edit(id, 'alice', { tags: [{ slug_name: 'support' }, { slug_name: 'staff-free' }] });
    expect(res.status).toBe(403); // a new tag still needs tag.add
    const ok = await edit(id, 'alice');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ url_title: 'an-edited-title-here', wait_for_review: false });
    const after = await row(id);
    expect(after).toMatchObject({
      title: 'An edited title here',
      original_text: 'Edited body text.',
      last_edit_user_id: PEOPLE.alice.id,
    });
    expect(after.parsed_text).toBe('<p>Edited body text.</p>');
    const revisions = await s.db.selectFrom('revision').selectAll().where('object_id', '=', id).orderBy('id').execute();
    expect(revisions.map((r) => [r.status, r.log])).toEqual([
      [0, ''],
      [2, 'fix'],
    ]);
    expect(after.revision_id).toBe(revisions[1]!.id);
  });

  it('tags are replaced; a member with 100 reputation suggests an edit that waits for review', async () => {
    const id = await asked();
    const mod = await edit(id, 'mod', { tags: [{ slug_name: 'new-by-mod' }] });
    expect(mod.status).toBe(200);
    const info = await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}` });
    expect(info.body.data.tags.map((t) => t.slug_name)).toEqual(['new-by-mod']);
    const support = await s.db
      .selectFrom('tag')
      .select('id')
      .where('slug_name', '=', 'support')
      .executeTakeFirstOrThrow();
    const rel = await s.db
      .selectFrom('tag_rel')
      .select('status')
      .where('object_id', '=', id)
      .where('tag_id', '=', support.id)
      .executeTakeFirstOrThrow();
    expect(rel.status).toBe(10);

    await s.db.updateTable('user').set({ rank: 150 }).where('id', '=', PEOPLE.bob.id).execute();
    const before = await row(id);
    const suggested = await edit(id, 'bob', { title: 'A suggested better title' });
    expect(suggested.status).toBe(200);
    expect(suggested.body.data.wait_for_review).toBe(true);
    expect((await row(id)).title).toBe(before.title);
    const again = await edit(id, 'alice');
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('error.question.cannot_update');
    await s.db.updateTable('user').set({ rank: 1 }).where('id', '=', PEOPLE.bob.id).execute();
  });

  it('delete: others are refused; the owner deletes a question with one unvoted answer, not with two', async () => {
    const id = await asked();
    const other = await remove(id, 'bob');
    expect(other.status).toBe(403);
    expect((await row(id)).status).toBe(1);

    const answerOf = (who: Person, n: number) =>
      s.call({
        method: 'POST',
        url: '/answer',
        as: who,
        payload: { question_id: id, content: `Answer number ${n} for this.` },
      });
    expect((await answerOf('bob', 1)).status).toBe(200);
    const countBefore = (
      await s.db.selectFrom('user').select('question_count').where('id', '=', PEOPLE.alice.id).executeTakeFirstOrThrow()
    ).question_count;
    expect((await remove(id, 'alice')).status).toBe(200);
    expect((await row(id)).status).toBe(10);
    const countAfter = (
      await s.db.selectFrom('user').select('question_count').where('id', '=', PEOPLE.alice.id).executeTakeFirstOrThrow()
    ).question_count;
    expect(countAfter).toBe(countBefore - 1);
    expect((await s.call({ method: 'GET', url: `/question/info?id=${id}`, as: 'bob' })).status).toBe(404);

    const id2 = await asked();
    for (const [who, n] of [
      ['bob', 2],
      ['rich', 3],
    ] as const) {
      expect(
        (
          await s.call({
            method: 'POST',
            url: '/answer',
            as: who,
            payload: { question_id: id2, content: `Answer number ${n} here.` },
          })
        ).status,
      ).toBe(200);
    }
    const refused = await remove(id2, 'alice');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      reason: 'error.question.cannot_deleted',
      msg: 'You cannot delete this question.',
    });
    expect((await row(id2)).status).toBe(1);
    // An admin may.
    expect((await remove(id2, 'admin')).status).toBe(200);
    expect((await row(id2)).status).toBe(10);
  });

  it('an upvoted single answer blocks the owner', async () => {
    const id = await asked();
    const a = await s.call<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      as: 'bob',
      payload: { question_id: id, content: 'A very good answer.' },
    });
    await s.db.updateTable('answer').set({ vote_count: 1 }).where('id', '=', a.body.data.info.id).execute();
    expect((await remove(id, 'alice')).body.reason).toBe('error.question.cannot_deleted');
  });
});
