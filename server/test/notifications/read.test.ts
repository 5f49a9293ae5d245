import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { questionNotice, useNotifySite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('notification read marks and access on $label', (target) => {
  const s = useNotifySite(target);

  async function twoEntries() {
    const author = await s.member(100);
    const other = await s.member(100);
    const q = await s.question(author);
    const qn = await questionNotice(s, q);
    s.tick();
    await s.inbox([{ userId: author, triggerUserId: other, action: 'comment_question', object: qn }]);
    s.tick();
    await s.inbox([{ userId: author, triggerUserId: other, action: 'mention_you', object: qn }]);
    return { author, other, q };
  }
  const readFlags = async (userId: number) =>
    (await s.items(userId, { type: 'inbox' })).map((i) => [i.notification_action_key, i.is_read]);

  it('marks one entry read, then all of a list', async () => {
    const { author, q } = await twoEntries();
    s.tick();
    await s.vote(await s.member(100), 'up', q);
    const [vote, mention] = await s.items(author, { type: 'inbox' });
    const read = await s.read(author, mention!.id);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toBeNull();
    expect(await readFlags(author)).toEqual([
      ['up_voted_question', false],
      ['mention_you', true],
      ['comment_question', false],
    ]);
    expect(vote!.is_read).toBe(false);

    // read/state/all of achievements leaves the inbox as it is.
    expect((await s.readAll(author, 'achievement')).status).toBe(200);
    expect((await s.items(author, { type: 'achievement' })).map((i) => i.is_read)).toEqual([true]);
    expect((await readFlags(author)).filter(([, r]) => r)).toHaveLength(1);
    expect((await s.readAll(author, 'inbox')).status).toBe(200);
    expect((await readFlags(author)).map(([, r]) => r)).toEqual([true, true, true]);
  });

  it("refuses an unknown id and another member's entry with a translated 404, changing nothing", async () => {
    const { author, other } = await twoEntries();
    const [entry] = await s.items(author, { type: 'inbox' });
    for (const id of [entry!.id, '999999999', 'abc']) {
      const res = await s.read(other, id);
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe('error.notification.not_found');
      expect(res.body.msg).toBe('This notification was not found.');
    }
    const zh = await s.app.inject({
      method: 'PUT',
      url: '/answer/api/v1/notification/read/state',
      payload: { id: entry!.id },
      headers: { authorization: `test-${other}`, 'accept-language': 'zh-CN' },
    });
    expect(zh.json()).toMatchObject({ code: 404, msg: '找不到这条通知。' });
    expect((await s.readAll(other, 'inbox')).status).toBe(200);
    expect((await readFlags(author)).map(([, r]) => r)).toEqual([false, false]);
    expect((await s.read(author, '')).status).toBe(400);
    expect((await s.readAll(author, 'everything')).status).toBe(400);
  });

  it('answers 401 without a login and 403 to inactive and suspended members on every route', async () => {
    const inactive = await s.member(100);
    await s.db.updateTable('user').set({ mail_status: 2 }).where('id', '=', inactive).execute();
    const suspended = await s.member(100);
    await s.db.updateTable('user').set({ status: 9 }).where('id', '=', suspended).execute();
    const routes = (userId: number | null) => [
      s.page(userId, { type: 'inbox' }),
      s.status(userId),
      s.open(userId, 'inbox'),
      s.read(userId, '1'),
      s.readAll(userId, 'inbox'),
    ];
    expect((await Promise.all(routes(null))).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    for (const userId of [inactive, suspended]) {
      const replies = await Promise.all(routes(userId));
      expect(replies.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    }
  });
});
