import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { queueSite, questionBody, text, type Member, type QueueSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const DAY = 24 * 60 * 60 * 1000;

describe.each(available)('the repeat-deletion rule on $label', (target) => {
  let s: QueueSite;

  beforeAll(async () => {
    s = await queueSite(target);
    await s.moderation({ deletion_block_count: 2, deletion_block_days: 30, deletion_block_block_days: 7 });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const ask = (as: Member) => s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as });
  const answer = (as: Member, questionId: string) =>
    s.call<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      payload: { question_id: questionId, content: text() },
      as,
    });
  const remove = (as: Member, kind: 'question' | 'answer', id: string) =>
    s.call({ method: 'DELETE', url: `/${kind}`, payload: { id }, as });
  /** A question of `asker` with one answer by `answerer`. */
  const answered = async (asker: Member, answerer: Member) => {
    const question = (await ask(asker)).body.data;
    const reply = await answer(answerer, question.id);
    expect(reply.status).toBe(200);
    return { question, answerId: reply.body.data.info.id };
  };
  const expectBlocked = async (who: Member, blocked: boolean) => {
    const asked = await ask(who);
    expect(asked.status, `${who} asks`).toBe(blocked ? 400 : 200);
    const open = (await ask('admin')).body.data;
    const replied = await answer(who, open.id);
    expect(replied.status, `${who} answers`).toBe(blocked ? 400 : 200);
    if (blocked) {
      for (const res of [asked, replied]) {
        expect(res.body.reason).toBe('error.post.deletion_blocked');
        // The refusal does not tell how many deletions there were.
        expect(res.body.msg).not.toMatch(/\d/);
      }
    }
  };

  it('deleting answered questions (by staff) and accepted answers blocks asking and answering', async () => {
    const first = await answered('alice', 'bob');
    expect((await remove('admin', 'question', first.question.id)).status).toBe(200);
    await expectBlocked('alice', false);
    // An accepted answer of alice's, deleted by a moderator: the second deletion.
    const other = (await ask('bob')).body.data;
    const mine = (await answer('alice', other.id)).body.data.info.id;
    const accept = await s.call({
      method: 'POST',
      url: '/answer/acceptance',
      payload: { question_id: other.id, answer_id: mine },
      as: 'bob',
    });
    expect(accept.status).toBe(200);
    expect((await remove('mod', 'answer', mine)).status).toBe(200);
    await expectBlocked('alice', true);
    // Others are not affected; the refusal is translated.
    await expectBlocked('bob', false);
    const zh = await s.call({
      method: 'POST',
      url: '/question',
      payload: questionBody(),
      as: 'alice',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it("deleting one's own answered questions counts; unanswered ones do not", async () => {
    for (let i = 0; i < 3; i += 1) {
      const question = (await ask('editor')).body.data;
      expect((await remove('editor', 'question', question.id)).status).toBe(200);
    }
    await expectBlocked('editor', false);
    for (let i = 0; i < 2; i += 1) {
      const { question } = await answered('editor', 'bob');
      expect((await remove('editor', 'question', question.id)).status).toBe(200);
    }
    await expectBlocked('editor', true);
    // Staff are never blocked; with the count at 0 the rule is off.
    await s.moderation({ deletion_block_count: 0 });
    await expectBlocked('editor', false);
    await s.moderation({ deletion_block_count: 2 });
  });

  it('the block ends after its days; deletions further apart than the window do not add up', async () => {
    const record = async (userId: number, ago: number) =>
      s.db
        .insertInto('post_deletion')
        .values({
          id: 900_000 + Math.floor(Math.random() * 90_000),
          user_id: userId,
          object_id: '1',
          deleted_by: 1,
          created_at: Date.now() - ago,
        })
        .execute();
    // mod's id is 31 but staff are exempt: use bob (33), whose record is clean so far.
    await record(33, 10 * DAY);
    await record(33, 9 * DAY);
    await expectBlocked('bob', false);
    await record(33, 40 * DAY);
    await record(33, 2 * DAY);
    // 2 days ago and 9 days ago: two within 30 days, the last less than 7 days old.
    await expectBlocked('bob', true);
  });
});
