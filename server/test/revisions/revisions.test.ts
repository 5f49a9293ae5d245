import type { QuestionInfo } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeTransaction } from '../../src/db/transaction';
import { QUESTION_STATUS } from '../../src/modules/post/table';
import { changeStatus, type TransitionEvent } from '../../src/modules/post/transition';
import { RevisionService, writeEdit } from '../../src/modules/revisions/service';
import { REVISION_STATUS } from '../../src/modules/revisions/table';
import { testDatabases } from '../db/databases';
import { postsSite, questionBody, PEOPLE, type PostsSite } from '../question/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('revisions and status changes on $label', (target) => {
  let s: PostsSite;
  let revisions: RevisionService;

  beforeAll(async () => {
    s = await postsSite(target);
    revisions = new RevisionService(s.db);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  async function asked(): Promise<QuestionInfo> {
    const res = await s.call<QuestionInfo>({ method: 'POST', url: '/question', payload: questionBody(), as: 'alice' });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** A suggested edit of a question's title and body by bob: its revision id. */
  async function suggest(question: QuestionInfo, title: string): Promise<number> {
    return writeTransaction(s.db, (trx) =>
      writeEdit(
        trx,
        {
          objectType: 'question',
          objectId: question.id,
          userId: PEOPLE.bob.id,
          title,
          snapshot: { title, original_text: 'A better body for this question.', tags: [] },
          log: 'clearer',
        },
        { applyNow: false, apply: () => Promise.reject(new Error('a suggested edit is not applied')) },
        Date.now(),
      ),
    );
  }

  it('a suggested edit waits; approving applies it once, through the owner applier', async () => {
    const question = await asked();
    const id = await suggest(question, 'A suggested better title');
    expect(await revisions.pending(question.id)).toBe(true);
    const applied: number[] = [];
    await revisions.approve(id, PEOPLE.mod.id, async (_trx, revision) => {
      applied.push(revision.id);
    });
    expect(applied).toEqual([id]);
    const row = await revisions.one(id);
    expect(row).toMatchObject({ status: REVISION_STATUS.applied, review_user_id: PEOPLE.mod.id, log: 'clearer' });
    expect(await revisions.pending(question.id)).toBe(false);
    // A second review of the same revision is refused, and applies nothing.
    await expect(revisions.approve(id, PEOPLE.admin.id, async () => void applied.push(0))).rejects.toMatchObject({
      reason: 'error.review.already_reviewed',
    });
    expect(applied).toEqual([id]);
  });

  it('rejecting leaves the object as it is; the diff input compares with the revision before', async () => {
    const question = await asked();
    const id = await suggest(question, 'A rejected title');
    await revisions.reject(id, PEOPLE.mod.id);
    expect((await revisions.one(id)).status).toBe(REVISION_STATUS.rejected);
    expect(await revisions.pending(question.id)).toBe(false);
    const diff = await revisions.diffInput(id);
    expect(diff.before).toMatchObject({ title: question.title, body: question.content });
    expect(diff.before.tags).toHaveLength(1);
    expect(diff.after).toEqual({ title: 'A rejected title', tags: [], body: 'A better body for this question.' });
    const history = await revisions.history.list(question.id, { userId: PEOPLE.alice.id, roleId: 1 }, false, {
      default_avatar: 'system',
      gravatar_base_url: '',
    });
    expect(history.map((r) => r.status)).toEqual([REVISION_STATUS.created]);
  });

  it('changeStatus: compare-and-set, effects, activity and the hook in one transaction', async () => {
    const question = await asked();
    const typeId = await s.posts.configId('question.closed');
    const events: TransitionEvent[] = [];
    const change = {
      table: 'question' as const,
      id: question.id,
      column: 'status' as const,
      from: QUESTION_STATUS.open,
      to: QUESTION_STATUS.closed,
      touch: true,
      activity: { userId: PEOPLE.mod.id, typeId },
      lost: () => new Error('lost'),
      notify: async (_trx: unknown, event: TransitionEvent) => void events.push(event),
    };
    expect(await changeStatus(s.db, change, () => 1_800_000_000_000)).toBe(true);
    expect(events).toEqual([
      {
        table: 'question',
        id: question.id,
        column: 'status',
        from: QUESTION_STATUS.open,
        to: QUESTION_STATUS.closed,
        actorId: PEOPLE.mod.id,
        now: 1_800_000_000_000,
      },
    ]);
    const activities = () =>
      s.db
        .selectFrom('activity')
        .select('user_id')
        .where('object_id', '=', question.id)
        .where('activity_type', '=', typeId)
        .execute();
    expect(await activities()).toHaveLength(1);
    // The row no longer holds `from`: the second request loses, writes nothing, tells nobody.
    await expect(changeStatus(s.db, change, Date.now)).rejects.toThrow('lost');
    expect(await changeStatus(s.db, { ...change, lost: () => null }, Date.now)).toBe(false);
    expect(events).toHaveLength(1);
    // Effects that fail roll the whole change back (status, activity).
    const reopen = { ...change, from: QUESTION_STATUS.closed, to: QUESTION_STATUS.open };
    await expect(
      changeStatus(s.db, { ...reopen, effects: () => Promise.reject(new Error('refused')) }, Date.now),
    ).rejects.toThrow('refused');
    const row = await s.db.selectFrom('question').select('status').where('id', '=', question.id).executeTakeFirst();
    expect(row?.status).toBe(QUESTION_STATUS.closed);
    expect(await activities()).toHaveLength(1);
    expect(events).toHaveLength(1);
  });
});
