import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { operationsSite, questionBody, type OperationsSite, type Person } from './helpers';

/**
 * Tag links (tag_rel) and tag question counts across edit, delete, hide, show and undelete: a tag
 * counts the listed, not deleted questions that carry it (hide/show move the count, as Answer does).
 */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('tag links and counts on $label', (target) => {
  let s: OperationsSite;
  beforeAll(async () => {
    s = await operationsSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const tagCount = async (slug: string) =>
    Number(
      (await s.db.selectFrom('tag').select('question_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
        .question_count,
    );
  /** What the tags page would count: listed, not deleted questions with a live link. */
  const realCount = async (slug: string) =>
    (
      await s.db
        .selectFrom('tag_rel')
        .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
        .innerJoin('question', 'question.id', 'tag_rel.object_id')
        .select('tag_rel.id')
        .where('tag.slug_name', '=', slug)
        .where('tag_rel.status', '=', 1)
        .where('question.status', 'in', [1, 2])
        .where('question.show', '=', 1)
        .execute()
    ).length;
  const links = (questionId: string) =>
    s.db
      .selectFrom('tag_rel')
      .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
      .select(['tag.slug_name', 'tag_rel.status', 'tag_rel.updated_at'])
      .where('tag_rel.object_id', '=', questionId)
      .orderBy('tag_rel.id')
      .execute();
  async function ask(as: Person, slugs: string[]): Promise<string> {
    const res = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      as,
      payload: questionBody({ tags: slugs.map((slug_name) => ({ slug_name })) }),
    });
    expect(res.status, res.body.reason).toBe(200);
    return res.body.data.id;
  }
  async function edit(id: string, slugs: string[], as: Person = 'rich') {
    const res = await s.call({
      method: 'PUT',
      url: '/question',
      as,
      payload: {
        id,
        title: `An edited question ${id}`,
        content: 'An edited body, long enough for the rules.',
        tags: slugs.map((slug_name) => ({ slug_name })),
      },
    });
    expect(res.status, res.body.reason).toBe(200);
  }
  const operate = async (id: string, operation: 'hide' | 'show') =>
    expect(
      (await s.call({ method: 'PUT', url: '/question/operation', as: 'mod', payload: { id, operation } })).status,
    ).toBe(200);

  describe('DELETE question (posts.remove)', () => {
    it('marks deleted only the links the question still had: one an edit removed keeps its own time', async () => {
      const id = await ask('rich', ['support', 'dropped-before-delete']);
      await edit(id, ['support']);
      const [, dropped] = await links(id);
      expect(dropped).toMatchObject({ slug_name: 'dropped-before-delete', status: 10 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await s.call({ method: 'DELETE', url: '/question', as: 'rich', payload: { id } })).status).toBe(200);
      const after = await links(id);
      expect(after.map((l) => [l.slug_name, l.status])).toEqual([
        ['support', 10],
        ['dropped-before-delete', 10],
      ]);
      // Untouched by the deletion.
      expect(Number(after[1]!.updated_at)).toBe(Number(dropped!.updated_at));
    });

    it('undeleting a question without a readable revision brings back only the tags it had when deleted', async () => {
      const id = await ask('rich', ['support', 'dropped-no-revision']);
      await edit(id, ['support']);
      expect(await tagCount('dropped-no-revision')).toBe(0);
      // A question imported without revisions: undelete falls back to the links deleted with it.
      await s.db.updateTable('question').set({ revision_id: null }).where('id', '=', id).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await s.call({ method: 'DELETE', url: '/question', as: 'rich', payload: { id } })).status).toBe(200);
      expect(
        (await s.call({ method: 'POST', url: '/question/recover', as: 'mod', payload: { question_id: id } })).status,
      ).toBe(200);
      const info = await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}` });
      expect(info.body.data.tags.map((t) => t.slug_name)).toEqual(['support']);
      expect(await tagCount('dropped-no-revision')).toBe(0);
    });
  });

  describe('PUT question (posts.edit) on an unlisted question', () => {
    it('adding a tag does not count the hidden question; showing it counts it once', async () => {
      await ask('rich', ['added-while-hidden']);
      const id = await ask('rich', ['support']);
      const before = await tagCount('added-while-hidden');
      expect(before).toBe(1);
      await operate(id, 'hide');
      await edit(id, ['support', 'added-while-hidden']);
      expect((await links(id)).map((l) => [l.slug_name, l.status])).toEqual([
        ['support', 2],
        ['added-while-hidden', 2],
      ]);
      expect(await tagCount('added-while-hidden')).toBe(before);
      await operate(id, 'show');
      expect(await tagCount('added-while-hidden')).toBe(before + 1);
      expect(await tagCount('added-while-hidden')).toBe(await realCount('added-while-hidden'));
    });

    it('removing a tag does not uncount the hidden question twice', async () => {
      await ask('rich', ['removed-while-hidden']);
      const id = await ask('rich', ['support', 'removed-while-hidden']);
      expect(await tagCount('removed-while-hidden')).toBe(2);
      await operate(id, 'hide');
      expect(await tagCount('removed-while-hidden')).toBe(1);
      await edit(id, ['support']);
      expect(await tagCount('removed-while-hidden')).toBe(1);
      await operate(id, 'show');
      expect(await tagCount('removed-while-hidden')).toBe(1);
      expect(await tagCount('removed-while-hidden')).toBe(await realCount('removed-while-hidden'));
      expect(await tagCount('support')).toBe(await realCount('support'));
    });
  });
});
