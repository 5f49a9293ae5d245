import type { AnswerInfo, NotificationPage, QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { editsSite, posting, type EditsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/**
 * A member below the edit privilege (newbie, reputation 1) suggests edits of other people's questions
 * and answers: the Edit action is offered, the edit waits in the review queue, and a reviewer's
 * approval applies it. Notices of tag edits lead to the tag.
 */
describe.each(available)('suggested edits by new members on $label', (target) => {
  let s: EditsSite;
  let p: ReturnType<typeof posting>;

  beforeAll(async () => {
    s = await editsSite(target);
    p = posting(s);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const actions = (list: { action: string }[]) => list.map((a) => a.action);

  it('offers Edit on a question and an answer of someone else', async () => {
    const q = await p.question();
    const answerId = await p.answer(q.id);
    const info = await s.call<QuestionInfo>({ url: `/question/info?id=${q.id}`, as: 'newbie' });
    expect(actions(info.body.data.member_actions)).toContain('edit');
    const answers = await s.call<{ list: AnswerInfo[] }>({ url: `/answer/page?question_id=${q.id}`, as: 'newbie' });
    const answer = answers.body.data.list.find((a) => a.id === answerId)!;
    expect(actions(answer.member_actions)).toContain('edit');
    expect((await s.call({ url: `/revisions/edit/check?id=${q.id}`, as: 'newbie' })).status).toBe(200);
    expect((await s.call({ url: `/revisions/edit/check?id=${answerId}`, as: 'newbie' })).status).toBe(200);
    // A visitor is offered nothing.
    const visitor = await s.call<QuestionInfo>({ url: `/question/info?id=${q.id}` });
    expect(visitor.body.data.member_actions).toEqual([]);
  });

  it('stores the edit of a question as a suggestion that a reviewer approves', async () => {
    const q = await p.question();
    const reply = await p.editQuestion(q, 'newbie', 'A clearer title from a new member');
    expect(reply.status).toBe(200);
    expect(reply.body.data.wait_for_review).toBe(true);
    const unchanged = await s.call<QuestionInfo>({ url: `/question/info?id=${q.id}`, as: 'alice' });
    expect(unchanged.body.data.title).toBe(q.title);
    const revision = await p.pendingRevision(q.id);
    expect((await p.audit(revision, 'approve', 'auditor')).status).toBe(200);
    const applied = await s.call<QuestionInfo>({ url: `/question/info?id=${q.id}`, as: 'alice' });
    expect(applied.body.data.title).toBe('A clearer title from a new member');
  });

  it('stores the edit of an answer as a suggestion', async () => {
    const q = await p.question();
    const answerId = await p.answer(q.id);
    const reply = await p.editAnswer(answerId, 'newbie');
    expect(reply.status).toBe(200);
    expect(reply.body.data.wait_for_review).toBe(true);
    expect(await p.pendingRevision(answerId)).toMatch(/^\d+$/);
  });

  it('keeps tag edits behind the tag edit privilege', async () => {
    const tagId = await p.tagId();
    expect((await p.editTag(tagId, 'newbie')).status).toBe(403);
    expect((await s.call({ url: `/revisions/edit/check?id=${tagId}`, as: 'newbie' })).status).toBe(403);
  });

  it('an approved or rejected tag edit tells its editor with a link to the tag', async () => {
    const tagId = await p.tagId();
    expect((await p.editTag(tagId, 'editor')).status).toBe(200);
    expect((await p.audit(await p.pendingRevision(tagId), 'reject', 'tagger')).status).toBe(200);
    expect((await p.editTag(tagId, 'editor')).status).toBe(200);
    expect((await p.audit(await p.pendingRevision(tagId), 'approve', 'tagger')).status).toBe(200);
    const inbox = await s.call<NotificationPage>({ url: '/notification/page?type=inbox&page=1', as: 'editor' });
    const notices = inbox.body.data.list.filter((n) => n.object_info.object_type === 'tag');
    expect(notices.map((n) => n.notification_action_key).sort()).toEqual([
      'your_edit_was_approved',
      'your_edit_was_rejected',
    ]);
    for (const notice of notices) expect(notice.object_info.object_map).toEqual({ tag: 'support' });
  });
});
