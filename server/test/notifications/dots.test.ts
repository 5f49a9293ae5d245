import { describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { questionNotice, useNotifySite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('unread dots and badge awards on $label', (target) => {
  const s = useNotifySite(target);

  const dots = async (userId: number, app = s.app) => {
    const res = await s.status(userId, app);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { inbox: res.body.data.inbox, achievement: res.body.data.achievement };
  };

  it('counts unread entries changed since the list was last opened, in every process', async () => {
    const author = await s.member(100);
    const other = await s.member(100);
    const q = await s.question(author);
    const qn = await questionNotice(s, q);
    expect(await dots(author)).toEqual({ inbox: 0, achievement: 0 });

    s.tick();
    await s.inbox([{ userId: author, triggerUserId: other, action: 'comment_question', object: qn }]);
    s.tick();
    await s.inbox([{ userId: author, triggerUserId: other, action: 'mention_you', object: qn }]);
    s.tick();
    await s.vote(other, 'up', q);
    // Two posts entries and one votes entry; the vote's reputation is one achievement.
    expect(await dots(author)).toEqual({ inbox: 3, achievement: 1 });
    // The voter's only news is the first-vote badge.
    expect(await dots(other)).toEqual({ inbox: 0, achievement: 1 });

    // Reading one stops it counting.
    const [, mention] = await s.items(author, { type: 'inbox' });
    await s.read(author, mention!.id);
    expect(await dots(author)).toEqual({ inbox: 2, achievement: 1 });

    // Opening the inbox clears its dot (the answer says so) and leaves the achievements'.
    s.tick();
    const opened = await s.open(author, 'inbox');
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ inbox: 0, achievement: 1, badge_award: null });
    expect(await dots(author)).toEqual({ inbox: 0, achievement: 1 });
    // The other process reads the same time from the database.
    expect(await dots(author, s.other())).toEqual({ inbox: 0, achievement: 1 });

    // A new entry after the visit counts again, and so does a grouped entry changed again.
    s.tick();
    await s.inbox([{ userId: author, triggerUserId: other, action: 'reply_to_you', object: qn }]);
    expect(await dots(author)).toEqual({ inbox: 1, achievement: 1 });
    s.tick();
    await s.vote(await s.member(100), 'up', q);
    expect(await dots(author, s.other())).toEqual({ inbox: 2, achievement: 1 });

    // Opened in the other process: both agree, and opening again keeps one row per member and list.
    s.tick();
    expect((await s.open(author, 'achievement', s.other())).body.data).toMatchObject({ inbox: 2, achievement: 0 });
    s.tick();
    expect((await s.open(author, 'achievement')).body.data).toMatchObject({ inbox: 2, achievement: 0 });
    expect(await dots(author)).toEqual({ inbox: 2, achievement: 0 });
    const rows = await s.db.selectFrom('notification_seen').selectAll().where('user_id', '=', author).execute();
    expect(rows.map((r) => Number(r.type)).sort()).toEqual([1, 2]);
    expect((await s.open(author, 'nothing')).status).toBe(400);
  });

  it('pops the oldest unread badge award, translated, until it is read', async () => {
    const member = await s.member(100);
    const other = await s.member(100);
    s.tick();
    const first = await s.award(member, {
      badgeId: '10090000000000001',
      awardId: '10100000000000001',
      nameKey: 'notification.action.earned_badge',
      icon: 'trophy',
      level: 2,
    });
    s.tick();
    const second = await s.award(member, {
      badgeId: '10090000000000002',
      awardId: '10100000000000002',
      nameKey: 'notification.system_user',
      icon: 'star',
      level: 1,
    });
    const status = await s.status(member);
    expect(status.body.data.badge_award).toEqual({
      notification_id: String(first),
      badge_id: '10090000000000001',
      name: 'You earned a badge',
      icon: 'trophy',
      level: 2,
    });
    expect(status.body.data.achievement).toBe(2);
    expect((await s.status(other)).body.data.badge_award).toBeNull();
    // The entries show in the achievement list with the badge's name translated.
    const [latest] = await s.items(member, { type: 'achievement' }, 'zh-CN');
    expect(latest).toMatchObject({
      id: String(second),
      notification_action_key: 'earned_badge',
      notification_action: '你获得了一枚徽章',
      object_info: { title: '系统', object_type: 'badge', object_map: { badge_id: '10090000000000002' } },
    });
    expect(latest).not.toHaveProperty('user_info');

    // Marked read once shown: the next one pops, then none.
    expect((await s.read(member, String(first))).status).toBe(200);
    expect((await s.status(member)).body.data.badge_award).toMatchObject({ notification_id: String(second) });
    expect((await s.read(member, String(second))).status).toBe(200);
    expect((await s.status(member)).body.data.badge_award).toBeNull();
  });
});
