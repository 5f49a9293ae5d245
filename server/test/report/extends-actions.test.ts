import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { reportSite, uniqueText, type Member, type ReportSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const INVITE = { action: 'invite_other_to_answer', name: 'Invite others to answer', type: 'edit' };

describe.each(available)('question/info extends_actions on $label', (target) => {
  let s: ReportSite;
  let open: string;

  beforeAll(async () => {
    s = await reportSite(target);
    open = await asked();
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(as: Member = 'alice'): Promise<string> {
    const res = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      payload: {
        title: uniqueText('question').slice(0, 60),
        content: uniqueText('body'),
        tags: [{ slug_name: 'support' }],
      },
      as,
    });
    expect(res.status).toBe(200);
    return res.body.data.id;
  }
  const extendsOf = async (id: string, as?: Member, headers: Record<string, string> = {}) => {
    const res = await s.call<QuestionInfo>({ method: 'GET', url: `/question/info?id=${id}`, as, headers });
    expect(res.status).toBe(200);
    return res.body.data.extends_actions;
  };

  it('offers the invitation to members with 500 reputation and to staff', async () => {
    expect(await extendsOf(open, 'inviter')).toEqual([INVITE]);
    expect(await extendsOf(open, 'mod')).toEqual([INVITE]);
    expect(await extendsOf(open, 'admin')).toEqual([INVITE]);
    expect(await extendsOf(open, 'inviter', { 'accept-language': 'zh-CN' })).toEqual([
      { ...INVITE, name: '邀请他人回答' },
    ]);
  });

  it('not to members below the threshold (even the author), nor to visitors', async () => {
    expect(await extendsOf(open, 'alice')).toEqual([]);
    expect(await extendsOf(open, 'bob')).toEqual([]);
    expect(await extendsOf(open, 'almost')).toEqual([]);
    expect(await extendsOf(open)).toEqual([]);
  });

  it("follows the site's threshold", async () => {
    await s.db
      .updateTable('config')
      .set({ value: '1' })
      .where('key', '=', 'rank.answer.invite_someone_to_answer')
      .execute();
    try {
      expect(await extendsOf(open, 'bob')).toEqual([INVITE]);
    } finally {
      await s.db
        .updateTable('config')
        .set({ value: '500' })
        .where('key', '=', 'rank.answer.invite_someone_to_answer')
        .execute();
    }
    expect(await extendsOf(open, 'bob')).toEqual([]);
  });

  it('not on closed or deleted questions, even for staff', async () => {
    const closed = await asked('bob');
    const close = await s.call({
      method: 'PUT',
      url: '/question/status',
      payload: { id: closed, close_type: 63, close_msg: '' },
      as: 'mod',
    });
    expect(close.status).toBe(200);
    expect(await extendsOf(closed, 'inviter')).toEqual([]);
    expect(await extendsOf(closed, 'mod')).toEqual([]);
    const reopened = await s.call({
      method: 'PUT',
      url: '/question/reopen',
      payload: { question_id: closed },
      as: 'mod',
    });
    expect(reopened.status).toBe(200);
    expect(await extendsOf(closed, 'inviter')).toEqual([INVITE]);

    const deleted = await asked('bob');
    expect((await s.call({ method: 'DELETE', url: '/question', payload: { id: deleted }, as: 'bob' })).status).toBe(
      200,
    );
    expect(await extendsOf(deleted, 'mod')).toEqual([]);
  });
});
