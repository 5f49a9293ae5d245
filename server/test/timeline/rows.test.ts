import type { TimelineItem } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { timelineSite, type TimelineSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** The close reason "not clear" (a reason.* config row that takes a remark). */
const NOT_CLARITY = 64;

const kinds = (rows: TimelineItem[]) => rows.map((r) => r.activity_type);

describe.each(available)('timeline rows on $label', (target) => {
  let s: TimelineSite;
  let questionId: string;
  let answerId: string;
  let askedTitle: string;

  const ok = async (res: Promise<{ status: number; body: { reason: string } }>) => {
    const done = await res;
    expect(done.status, done.body.reason).toBe(200);
  };

  beforeAll(async () => {
    s = await timelineSite(target);
    const question = await s.ask('alice');
    questionId = question.id;
    askedTitle = question.title;
    const id = questionId;
    await ok(
      s.call({
        method: 'PUT',
        url: '/question',
        as: 'editor',
        payload: {
          id,
          title: 'A clearer title for this question',
          content: 'A clearer body that says what was tried.',
          tags: [{ slug_name: 'support' }, { slug_name: 'fresh-tag' }],
          edit_summary: 'clearer wording',
        },
      }),
    );
    answerId = await s.answer(id, 'bob');
    await ok(
      s.call({
        method: 'PUT',
        url: '/answer',
        as: 'bob',
        payload: { id: answerId, content: 'An answer by bob, fixed.', edit_summary: 'typo' },
      }),
    );
    await ok(
      s.call({
        method: 'POST',
        url: '/comment',
        as: 'bob',
        payload: { object_id: id, original_text: 'Which version do you use?' },
      }),
    );
    await ok(
      s.call({
        method: 'POST',
        url: '/comment',
        as: 'alice',
        payload: { object_id: answerId, original_text: 'Thanks, that did it.' },
      }),
    );
    await ok(
      s.call({
        method: 'PUT',
        url: '/question/status',
        as: 'mod',
        payload: { id, close_type: NOT_CLARITY, close_msg: 'Off topic here' },
      }),
    );
    await ok(s.call({ method: 'PUT', url: '/question/reopen', as: 'mod', payload: { question_id: id } }));
    await ok(
      s.call({
        method: 'POST',
        url: '/answer/acceptance',
        as: 'alice',
        payload: { question_id: id, answer_id: answerId },
      }),
    );
    for (const operation of ['pin', 'unpin', 'hide', 'show'])
      await ok(s.call({ method: 'PUT', url: '/question/operation', as: 'mod', payload: { id, operation } }));
    await ok(s.call({ method: 'POST', url: '/vote/up', as: 'editor', payload: { object_id: id } }));
    await ok(s.call({ method: 'POST', url: '/vote/up', as: 'editor', payload: { object_id: id, is_cancel: true } }));
    await ok(s.call({ method: 'POST', url: '/vote/down', as: 'editor', payload: { object_id: id } }));
    await ok(s.call({ method: 'DELETE', url: '/question', as: 'admin', payload: { id } }));
    await ok(s.call({ method: 'POST', url: '/question/recover', as: 'admin', payload: { question_id: id } }));
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it("a question's timeline: every kind, newest first, with who, summaries and the close remark", async () => {
    const res = await s.timeline(questionId, 'bob');
    expect(res.status).toBe(200);
    const { object_info, timeline } = res.body.data;
    expect(object_info).toEqual({
      title: 'A clearer title for this question',
      object_type: 'question',
      question_id: questionId,
      answer_id: '',
      username: 'alice',
      display_name: 'Alice',
      main_tag_slug_name: '',
    });
    expect(kinds(timeline)).toEqual([
      'undeleted',
      'deleted',
      'show',
      'hide',
      'unpin',
      'pin',
      'accept',
      'reopened',
      'closed',
      'commented',
      'answered',
      'edited',
      'asked',
    ]);
    const by = Object.fromEntries(timeline.map((r) => [r.activity_type, r]));
    expect(by.asked).toMatchObject({ object_id: questionId, object_type: 'question', comment: '' });
    expect(by.asked!.user_info.username).toBe('alice');
    expect(by.edited).toMatchObject({ comment: 'clearer wording', cancelled: false });
    expect(by.edited!.user_info.username).toBe('editor');
    expect(Number(by.edited!.revision_id)).toBeGreaterThan(Number(by.asked!.revision_id));
    expect(by.answered).toMatchObject({ object_id: answerId, object_type: 'answer' });
    expect(by.answered!.user_info.username).toBe('bob');
    expect(by.commented).toMatchObject({ comment: '<p>Which version do you use?</p>', object_type: 'comment' });
    expect(by.closed).toMatchObject({ comment: 'Off topic here', revision_id: '0' });
    expect(by.closed!.user_info.username).toBe('mod');
    expect(by.accept!.user_info.username).toBe('alice');
    expect(by.deleted!.user_info.id).toBe('1');
    // Times are Unix seconds, newest first.
    const times = timeline.map((r) => r.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBeGreaterThan(1_600_000_000);
    expect(times[0]).toBeLessThan(10_000_000_000);
  });

  it("an answer's timeline: its own rows and comments on it, not the question's", async () => {
    const res = await s.timeline(answerId, 'bob');
    expect(res.status).toBe(200);
    expect(res.body.data.object_info).toMatchObject({
      title: 'A clearer title for this question',
      object_type: 'answer',
      question_id: questionId,
      answer_id: answerId,
      username: 'bob',
    });
    const rows = res.body.data.timeline;
    expect(kinds(rows)).toEqual(['accept', 'commented', 'edited', 'answered']);
    expect(rows[1]).toMatchObject({ comment: '<p>Thanks, that did it.</p>' });
    expect(rows[2]).toMatchObject({ comment: 'typo' });
    expect(rows[3]!.revision_id).not.toBe('0');
  });

  it('votes: only staff who ask see them; a downvoter is named to administrators only', async () => {
    const forAdmin = (await s.timeline(questionId, 'admin', true)).body.data.timeline;
    const votes = forAdmin.filter((r) => r.activity_type === 'upvote' || r.activity_type === 'downvote');
    expect(votes.map((r) => [r.activity_type, r.cancelled, r.user_info.username])).toEqual([
      ['downvote', false, 'editor'],
      ['upvote', true, 'editor'],
    ]);
    expect(votes[1]!.cancelled_at).toBeGreaterThan(0);
    const forMod = (await s.timeline(questionId, 'mod', true)).body.data.timeline;
    const down = forMod.find((r) => r.activity_type === 'downvote')!;
    expect(down.user_info).toMatchObject({ id: '0', username: 'N/A', display_name: 'N/A' });
    expect(forMod.find((r) => r.activity_type === 'upvote')!.user_info.username).toBe('editor');
    // Members asking for votes, and staff not asking, get none.
    for (const [who, ask] of [
      ['alice', true],
      ['editor', true],
      ['admin', false],
    ] as const) {
      const rows = (await s.timeline(questionId, who, ask)).body.data.timeline;
      expect(rows.some((r) => r.activity_type === 'upvote' || r.activity_type === 'downvote')).toBe(false);
    }
  });

  it('detail: the revision behind an edit against the one before it, tags with their details', async () => {
    const rows = (await s.timeline(questionId, 'bob')).body.data.timeline;
    const edited = rows.find((r) => r.activity_type === 'edited')!;
    const asked = rows.find((r) => r.activity_type === 'asked')!;
    const res = await s.detail(edited.revision_id, asked.revision_id, 'bob');
    expect(res.status).toBe(200);
    expect(res.body.data.new_revision).toMatchObject({
      title: 'A clearer title for this question',
      original_text: 'A clearer body that says what was tried.',
      slug_name: '',
    });
    expect(res.body.data.new_revision.tags.map((t) => t.slug_name)).toEqual(['support', 'fresh-tag']);
    expect(res.body.data.new_revision.tags[0]).toEqual({
      slug_name: 'support',
      display_name: 'support',
      main_tag_slug_name: '',
      recommend: false,
      reserved: false,
    });
    expect(res.body.data.old_revision).toMatchObject({ title: askedTitle });
    expect(res.body.data.old_revision.tags.map((t) => t.slug_name)).toEqual(['support']);
    // Old '0': the first revision against nothing.
    const first = await s.detail(asked.revision_id, '0', 'bob');
    expect(first.status).toBe(200);
    expect(first.body.data.old_revision).toEqual({
      title: '',
      tags: [],
      original_text: '',
      slug_name: '',
      main_tag_slug_name: '',
    });
    // An answer's revision shows its question's title.
    const answerRows = (await s.timeline(answerId, 'bob')).body.data.timeline;
    const answerEdit = answerRows.find((r) => r.activity_type === 'edited')!;
    const answered = answerRows.find((r) => r.activity_type === 'answered')!;
    const answerDiff = await s.detail(answerEdit.revision_id, answered.revision_id, 'bob');
    expect(answerDiff.body.data.new_revision).toMatchObject({
      title: 'A clearer title for this question',
      original_text: 'An answer by bob, fixed.',
    });
    expect(answerDiff.body.data.old_revision.original_text).toBe('An answer by bob that explains it well.');
  });

  it("a tag's timeline: created and edited, headed by its slug; detail shows names and wiki", async () => {
    const created = await s.call({
      method: 'POST',
      url: '/tag',
      as: 'editor',
      payload: { slug_name: 'timeline-tag', display_name: 'Timeline tag', original_text: 'First wiki.' },
    });
    expect(created.status).toBe(200);
    const tag = await s.db
      .selectFrom('tag')
      .select('id')
      .where('slug_name', '=', 'timeline-tag')
      .executeTakeFirstOrThrow();
    const edit = await s.call({
      method: 'PUT',
      url: '/tag',
      as: 'tagger',
      payload: {
        tag_id: tag.id,
        slug_name: 'timeline-tag',
        display_name: 'Timeline Tag',
        original_text: 'Second wiki.',
        edit_summary: 'capitals',
      },
    });
    expect(edit.status).toBe(200);
    const res = await s.timeline(tag.id, 'bob');
    expect(res.status).toBe(200);
    expect(res.body.data.object_info).toMatchObject({ title: 'timeline-tag', object_type: 'tag', username: 'editor' });
    const rows = res.body.data.timeline;
    expect(rows.map((r) => [r.activity_type, r.comment, r.user_info.username])).toEqual([
      ['edited', 'capitals', 'tagger'],
      ['created', '', 'editor'],
    ]);
    const detail = await s.detail(rows[0]!.revision_id, rows[1]!.revision_id, 'bob');
    expect(detail.body.data.new_revision).toMatchObject({
      title: 'Timeline Tag',
      slug_name: 'timeline-tag',
      original_text: 'Second wiki.',
      tags: [],
    });
    expect(detail.body.data.old_revision).toMatchObject({ title: 'Timeline tag', original_text: 'First wiki.' });
  });
});
