import type { NotificationStatus, ReviewingTypes, UnreviewedRevisionPage } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { editsSite, posting, type CrewMember, type EditsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

/** The flag reason "spam", offered for questions. */
const SPAM = 57;

/**
 * Who may read and act on suggested edits, on every route of the review: the queue, the audit, the
 * review tabs and the review badge. Four edits wait: of a listed question, of a tag, of an unlisted
 * question (staff only) and of a deleted question (nobody's task).
 */
describe.each(available)('the review permission matrix on $label', (target) => {
  let s: EditsSite;
  let p: ReturnType<typeof posting>;
  const edits = { listed: '', tag: '', unlisted: '', deleted: '' };

  beforeAll(async () => {
    s = await editsSite(target);
    p = posting(s);
    const listed = await p.question();
    const unlisted = await p.question();
    const deleted = await p.question();
    const tagId = await p.tagId();
    for (const q of [listed, unlisted, deleted]) expect((await p.editQuestion(q)).status).toBe(200);
    expect((await p.editTag(tagId)).status).toBe(200);
    await s.db.updateTable('question').set({ show: 2 }).where('id', '=', unlisted.id).execute();
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', deleted.id).execute();
    edits.listed = await p.pendingRevision(listed.id);
    edits.tag = await p.pendingRevision(tagId);
    edits.unlisted = await p.pendingRevision(unlisted.id);
    edits.deleted = await p.pendingRevision(deleted.id);
    const flag = await s.call({
      method: 'POST',
      url: '/report',
      payload: { object_id: listed.id, report_type: SPAM },
      as: 'newbie',
    });
    expect(flag.status).toBe(200);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const unreviewed = (as?: CrewMember) => s.call<UnreviewedRevisionPage>({ url: '/revisions/unreviewed?page=1', as });
  const types = (as?: CrewMember, lang?: string) => s.call<ReviewingTypes>({ url: '/reviewing/type', as, lang });
  const badge = (as?: CrewMember) => s.call<NotificationStatus>({ url: '/notification/status', as });
  /** The revision ids of a reviewer's whole queue. */
  async function queue(as: CrewMember): Promise<string[]> {
    const first = (await unreviewed(as)).body.data;
    const ids: string[] = [];
    for (let page = 1; page <= first.count; page += 1) {
      const reply = await s.call<UnreviewedRevisionPage>({ url: `/revisions/unreviewed?page=${page}`, as });
      ids.push(...reply.body.data.list.map((t) => t.unreviewed_info.id));
    }
    return ids.sort();
  }

  it('anonymous: 401; suspended and inactive accounts: 403, on every route', async () => {
    const routes = [
      () => unreviewed(),
      () => types(),
      () => badge(),
      () => p.audit(edits.listed, 'approve', undefined as never),
    ];
    for (const call of routes) expect((await call()).status).toBe(401);
    for (const as of ['suspended', 'inactive'] as const) {
      const replies = [
        await unreviewed(as),
        await types(as),
        await badge(as),
        await p.audit(edits.listed, 'approve', as),
      ];
      expect(
        replies.map((r) => r.status),
        as,
      ).toEqual([403, 403, 403, 403]);
    }
  });

  it('members without an audit privilege (new, editor, author) see nothing and may audit nothing', async () => {
    for (const as of ['newbie', 'editor', 'alice'] as const) {
      expect((await unreviewed(as)).body.data, as).toEqual({ count: 0, list: [] });
      expect((await types(as)).body.data, as).toEqual([]);
      expect((await badge(as)).body.data, as).toMatchObject({ revision: 0, can_revision: false });
      for (const id of Object.values(edits)) {
        const refused = await p.audit(id, 'approve', as);
        expect([refused.status, refused.body.reason], `${as} ${id}`).toEqual([400, 'error.revision.no_permission']);
      }
    }
  });

  it('an auditor sees the question edits of listed posts only; the tag audit needs its own privilege', async () => {
    expect(await queue('auditor')).toEqual([edits.listed]);
    expect(await queue('tagger')).toEqual([edits.listed, edits.tag].sort());
    expect((await types('auditor')).body.data).toEqual([
      { name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 1 },
    ]);
    expect((await badge('auditor')).body.data).toMatchObject({ revision: 1, can_revision: true });
    expect((await badge('tagger')).body.data).toMatchObject({ revision: 2, can_revision: true });
    // The unlisted and deleted questions' edits do not exist for them.
    for (const id of [edits.unlisted, edits.deleted]) {
      const hidden = await p.audit(id, 'approve', 'tagger');
      expect([hidden.status, hidden.body.reason]).toEqual([404, 'error.review.not_found']);
    }
    const tag = await p.audit(edits.tag, 'approve', 'auditor');
    expect([tag.status, tag.body.reason]).toEqual([400, 'error.revision.no_permission']);
  });

  it('staff see every edit of an object not deleted, the flag and queue tabs, and the total on the badge', async () => {
    for (const as of ['mod', 'admin'] as const) {
      expect(await queue(as), as).toEqual([edits.listed, edits.tag, edits.unlisted].sort());
      const tabs = (await types(as)).body.data;
      expect(tabs.map((t) => t.name)).toEqual(['queued_post', 'flagged_post', 'suggested_post_edit']);
      expect(tabs.find((t) => t.name === 'flagged_post')?.todo_amount).toBe(1);
      expect(tabs.find((t) => t.name === 'suggested_post_edit')?.todo_amount).toBe(3);
      const total = tabs.reduce((sum, t) => sum + t.todo_amount, 0);
      expect((await badge(as)).body.data).toMatchObject({ revision: total, can_revision: true });
    }
    const deleted = await p.audit(edits.deleted, 'approve', 'mod');
    expect([deleted.status, deleted.body.reason]).toEqual([404, 'error.review.not_found']);
    const zh = (await types('mod', 'zh-CN')).body.data;
    expect(zh.map((t) => t.label)).toEqual(['待审帖子', '被举报的帖子', '建议的编辑']);
  });

  it('nobody reviews their own edit; the badge drops when a task is done', async () => {
    // editor's own edits are not their task even with the privilege: make them an auditor for a moment.
    await s.db.updateTable('user').set({ rank: 5000 }).where('username', '=', 'editor').execute();
    expect((await unreviewed('editor')).body.data.count).toBe(0);
    const own = await p.audit(edits.listed, 'approve', 'editor');
    expect([own.status, own.body.reason]).toEqual([400, 'error.revision.no_permission']);
    await s.db.updateTable('user').set({ rank: 200 }).where('username', '=', 'editor').execute();

    const before = (await badge('mod')).body.data.revision;
    expect((await p.audit(edits.unlisted, 'approve', 'mod')).status).toBe(200);
    expect((await badge('mod')).body.data.revision).toBe(before - 1);
    expect((await badge('auditor')).body.data.revision).toBe(1);
  });
});
