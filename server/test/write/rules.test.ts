import type { AnswerWithQuestion, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { questionBody, writeSite, type Person, type WriteSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type FieldErrors = { error_field: string; error_msg: string }[];

describe.each(available)('write rules on $label', (target) => {
  let s: WriteSite;

  beforeAll(async () => {
    s = await writeSite(target);
    const go = await s.tag('go', { display_name: 'Go' });
    await s.tag('golang', { main_tag_id: go, main_tag_slug_name: 'go' });
    await s.tag('rust', { display_name: 'Rust' });
    await s.tag('staff-only');
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const setQuestion = async (value: { min_tags: number; min_content: number; restrict_answer: boolean }) => {
    const res = await s.admin({ method: 'PUT', url: '/siteinfo/question', as: 'admin', payload: value });
    expect(res.status).toBe(200);
  };
  const setTags = async (recommend: string[], reserved: string[], required: boolean) => {
    const res = await s.admin({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: {
        recommend_tags: recommend.map((slug_name) => ({ slug_name })),
        reserved_tags: reserved.map((slug_name) => ({ slug_name })),
        required_tag: required,
      },
    });
    expect(res.status).toBe(200);
  };
  const ask = (body: Record<string, unknown>, as: Person = 'alice') =>
    s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: body, as });
  const edit = (id: string, body: Record<string, unknown>, as: Person = 'alice') =>
    s.call<{ wait_for_review: boolean }>({ method: 'PUT', url: '/question', payload: { id, ...body }, as });
  const answer = (questionId: string, content: string, as: Person = 'alice') =>
    s.call<AnswerWithQuestion>({ method: 'POST', url: '/answer', payload: { question_id: questionId, content }, as });
  const questions = async () =>
    Number(
      (
        await s.db
          .selectFrom('question')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(async () => {
    await setQuestion({ min_tags: 1, min_content: 6, restrict_answer: true });
    await setTags([], ['staff-only'], false);
  });

  describe('min_tags', () => {
    it('refuses fewer distinct tags than the setting (a synonym and its main tag count once)', async () => {
      await setQuestion({ min_tags: 2, min_content: 6, restrict_answer: true });
      const before = await questions();
      const one = await ask(questionBody({ tags: [{ slug_name: 'go' }] }));
      expect(one.status).toBe(400);
      expect(one.body.data as unknown as FieldErrors).toEqual([
        { error_field: 'tags', error_msg: 'Add at least 2 tags.' },
      ]);
      const synonym = await ask(questionBody({ tags: [{ slug_name: 'go' }, { slug_name: 'golang' }] }));
      expect(synonym.status).toBe(400);
      expect((synonym.body.data as unknown as FieldErrors)[0]!.error_field).toBe('tags');
      expect(await questions()).toBe(before);
      const two = await ask(questionBody({ tags: [{ slug_name: 'go' }, { slug_name: 'rust' }] }));
      expect(two.status).toBe(200);
      expect(two.body.data.tags.map((t) => t.slug_name)).toEqual(['go', 'rust']);
    });

    it('applies to edits too', async () => {
      const asked = await ask(questionBody({ tags: [{ slug_name: 'go' }, { slug_name: 'rust' }] }));
      expect(asked.status).toBe(200);
      await setQuestion({ min_tags: 2, min_content: 6, restrict_answer: true });
      const res = await edit(asked.body.data.id, {
        title: asked.body.data.title,
        content: asked.body.data.content,
        tags: [{ slug_name: 'go' }],
      });
      expect(res.status).toBe(400);
      expect((res.body.data as unknown as FieldErrors).map((e) => e.error_field)).toEqual(['tags']);
    });

    it('min_tags 0 still needs one tag: the request contract and the product rules ask for at least one', async () => {
      await setQuestion({ min_tags: 0, min_content: 6, restrict_answer: true });
      const none = await ask(questionBody({ tags: [] }));
      expect(none.status).toBe(400);
      expect((none.body.data as unknown as FieldErrors)[0]!.error_field).toBe('tags');
    });
  });

  describe('min_content', () => {
    it('counts characters of the trimmed body, and says so in the request language', async () => {
      await setQuestion({ min_tags: 1, min_content: 10, restrict_answer: true });
      // 9 characters (27 bytes in UTF-8): refused, as characters are counted.
      const short = await ask(questionBody({ content: '  汉字汉字汉字汉字汉  ' }));
      expect(short.status).toBe(400);
      expect(short.body.data as unknown as FieldErrors).toEqual([
        { error_field: 'content', error_msg: 'The body must be at least 10 characters long.' },
      ]);
      const zh = await s.call<FieldErrors>({
        method: 'POST',
        url: '/question',
        as: 'alice',
        headers: { 'accept-language': 'zh-CN' },
        payload: questionBody({ content: 'short body'.slice(0, 9) }),
      });
      expect(zh.body.data).toEqual([{ error_field: 'content', error_msg: '正文至少需要 10 个字符。' }]);
      const enough = await ask(questionBody({ content: '汉字汉字汉字汉字汉字' }));
      expect(enough.status).toBe(200);
    });

    it('reports every failing field at once', async () => {
      await setQuestion({ min_tags: 2, min_content: 50, restrict_answer: true });
      const res = await ask(questionBody({ content: 'Too short a body.', tags: [{ slug_name: 'go' }] }));
      expect(res.status).toBe(400);
      expect((res.body.data as unknown as FieldErrors).map((e) => e.error_field).sort()).toEqual(['content', 'tags']);
    });

    it('applies to edits and to asking with an answer (nothing stored when refused)', async () => {
      const asked = await ask(questionBody());
      expect(asked.status).toBe(200);
      await setQuestion({ min_tags: 1, min_content: 40, restrict_answer: true });
      const res = await edit(asked.body.data.id, {
        title: asked.body.data.title,
        content: 'Still a short body.',
        tags: [{ slug_name: 'support' }],
      });
      expect(res.status).toBe(400);
      expect((res.body.data as unknown as FieldErrors).map((e) => e.error_field)).toEqual(['content']);
      const before = await questions();
      const both = await s.call<FieldErrors>({
        method: 'POST',
        url: '/question/answer',
        as: 'alice',
        payload: {
          ...questionBody({ content: 'Still a short body.' }),
          answer_content: 'An answer that is long enough.',
        },
      });
      expect(both.status).toBe(400);
      expect(both.body.data.map((e) => e.error_field)).toEqual(['content']);
      expect(await questions()).toBe(before);
    });
  });

  describe('required_tag', () => {
    it('a new question needs one recommended tag (a synonym of one counts); the message names them', async () => {
      await setTags(['go'], ['staff-only'], true);
      const res = await ask(questionBody({ tags: [{ slug_name: 'rust' }] }));
      expect(res.status).toBe(400);
      expect(res.body.data as unknown as FieldErrors).toEqual([
        { error_field: 'tags', error_msg: 'Add at least one recommended tag: Go.' },
      ]);
      expect((await ask(questionBody({ tags: [{ slug_name: 'rust' }, { slug_name: 'go' }] }))).status).toBe(200);
      expect((await ask(questionBody({ tags: [{ slug_name: 'golang' }] }))).status).toBe(200);
    });

    it('does not apply to edits, nor when the site recommends no tag', async () => {
      const asked = await ask(questionBody({ tags: [{ slug_name: 'rust' }] }));
      expect(asked.status).toBe(200);
      await setTags(['go'], ['staff-only'], true);
      const res = await edit(asked.body.data.id, {
        title: asked.body.data.title,
        content: `${asked.body.data.content} (edited)`,
        tags: [{ slug_name: 'rust' }],
      });
      expect(res.status).toBe(200);
      await setTags([], ['staff-only'], true);
      expect((await ask(questionBody({ tags: [{ slug_name: 'rust' }] }))).status).toBe(200);
    });
  });

  describe('reserved tags', () => {
    it('only moderators and admins tag a question with one; members get 403', async () => {
      const member = await ask(questionBody({ tags: [{ slug_name: 'staff-only' }] }), 'rich');
      expect(member.status).toBe(403);
      expect(member.body.reason).toBe('error.rank.fail_to_meet_the_condition');
      const mod = await ask(questionBody({ tags: [{ slug_name: 'staff-only' }] }), 'mod');
      expect(mod.status).toBe(200);
      expect(mod.body.data.tags[0]).toMatchObject({ slug_name: 'staff-only', reserved: true });
    });

    it('a tag the admin no longer reserves is open to members again', async () => {
      await setTags([], [], false);
      expect((await ask(questionBody({ tags: [{ slug_name: 'staff-only' }] }))).status).toBe(200);
    });

    it('a member editing a question keeps a reserved tag staff put there, but cannot add or drop one', async () => {
      const asked = await ask(questionBody({ tags: [{ slug_name: 'rust' }] }));
      expect(asked.status).toBe(200);
      const { id, title, content } = asked.body.data;
      const add = await edit(id, { title, content, tags: [{ slug_name: 'rust' }, { slug_name: 'staff-only' }] });
      expect(add.status).toBe(403);
      const staff = await edit(
        id,
        { title, content, tags: [{ slug_name: 'rust' }, { slug_name: 'staff-only' }], edit_summary: 'tagging' },
        'mod',
      );
      expect(staff.status).toBe(200);
      const keep = await edit(id, {
        title,
        content: `${content} More detail.`,
        tags: [{ slug_name: 'rust' }, { slug_name: 'staff-only' }],
      });
      expect(keep.status).toBe(200);
      const drop = await edit(id, { title, content, tags: [{ slug_name: 'rust' }] });
      expect(drop.status).toBe(403);
    });
  });

  describe('restrict_answer', () => {
    it('a member answers a question once (403); a deleted answer does not count', async () => {
      const asked = await ask(questionBody(), 'bob');
      expect(asked.status).toBe(200);
      const id = asked.body.data.id;
      const first = await answer(id, 'My first answer to this one.');
      expect(first.status).toBe(200);
      const second = await answer(id, 'A second answer from the same member.');
      expect(second.status).toBe(403);
      expect(second.body.reason).toBe('error.answer.restrict_answer');
      expect(second.body.msg).toBe('You have already answered this question: edit your answer instead.');
      // Others still answer.
      expect((await answer(id, 'Another member answers too.', 'rich')).status).toBe(200);
      const removed = await s.call({
        method: 'DELETE',
        url: '/answer',
        payload: { id: first.body.data.info.id },
        as: 'alice',
      });
      expect(removed.status).toBe(200);
      expect((await answer(id, 'Answering again after deleting.')).status).toBe(200);
    });

    it('switched off, a member may answer again', async () => {
      await setQuestion({ min_tags: 1, min_content: 6, restrict_answer: false });
      const asked = await ask(questionBody(), 'bob');
      const id = asked.body.data.id;
      expect((await answer(id, 'One answer from alice here.')).status).toBe(200);
      expect((await answer(id, 'And another answer from alice.')).status).toBe(200);
    });

    it('asking with an answer is the first answer of its asker', async () => {
      const res = await s.call<AnswerWithQuestion>({
        method: 'POST',
        url: '/question/answer',
        as: 'alice',
        payload: { ...questionBody(), answer_content: 'I found the answer myself.' },
      });
      expect(res.status).toBe(200);
      const again = await answer(res.body.data.question.id, 'One more answer to my own question.');
      expect(again.status).toBe(403);
    });
  });
});
