import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { badgeSite, MEMBERS, type BadgeSite } from './badge-site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** The "first time" badges: each is earned by the action itself, once per member. */
describe.each(available)('first-time badges on $label', (target) => {
  let s: BadgeSite;
  beforeAll(async () => {
    s = await badgeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('asking a first question earns "first_question" once, with its notification in the agreed shape', async () => {
    const alice = MEMBERS.alice.id;
    expect(await s.awards(alice, 'first_question')).toEqual([]);
    await s.ask('alice');
    const [award, ...more] = await s.awards(alice, 'first_question');
    expect(more).toEqual([]);
    expect(award!.award_key).toBe('');
    expect(award!.id).toMatch(/^1010\d{13}$/);
    const badge = await s.badge('first_question');
    expect(badge.award_count).toBe(1);

    const notices = await s.achievements(alice);
    expect(notices).toHaveLength(1);
    const row = await s.db
      .selectFrom('notification')
      .selectAll()
      .where('object_id', '=', award!.id)
      .executeTakeFirstOrThrow();
    expect({ type: row.type, msg_type: row.msg_type, is_read: row.is_read, status: row.status }).toEqual({
      type: 2,
      msg_type: 1,
      is_read: 1,
      status: 1,
    });
    expect(JSON.parse(row.content)).toEqual({
      trigger_user_id: '0',
      notification_action: 'earned_badge',
      rank: 0,
      object_info: {
        title: 'badge.first_question.name',
        object_id: badge.id,
        object_type: 'badge',
        object_map: { badge_id: badge.id },
      },
      badge_award: { badge_id: badge.id, award_id: award!.id, icon: 'question', level: 1 },
    });

    // A second question earns nothing more.
    await s.ask('alice');
    expect(await s.awards(alice, 'first_question')).toHaveLength(1);
    expect((await s.badge('first_question')).award_count).toBe(1);
    expect(await s.achievements(alice)).toHaveLength(1);
  });

  it('answering, and having the answer accepted by its asker, earn "first_answer" and "first_accepted"', async () => {
    const bob = MEMBERS.bob.id;
    const question = await s.ask('carol');
    expect(await s.awards(bob, 'first_answer')).toEqual([]);
    const answer = await s.answer('bob', question);
    expect(await s.awards(bob, 'first_answer')).toHaveLength(1);
    expect(await s.awards(bob, 'first_accepted')).toEqual([]);
    const accepted = await s.call({
      method: 'POST',
      url: '/answer/acceptance',
      as: 'carol',
      payload: { question_id: question, answer_id: answer },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await s.awards(bob, 'first_accepted')).toHaveLength(1);
    // Asking is not answering: carol holds neither.
    expect(await s.awards(MEMBERS.carol.id, 'first_answer')).toEqual([]);
    expect(await s.awards(MEMBERS.carol.id, 'first_accepted')).toEqual([]);
  });

  it('editing a post earns "first_edit"', async () => {
    const question = await s.ask('dave');
    expect(await s.awards(MEMBERS.dave.id, 'first_edit')).toEqual([]);
    const edited = await s.call({
      method: 'PUT',
      url: '/question',
      as: 'dave',
      payload: {
        id: question,
        title: 'An edited title for the importer question',
        content: 'Edited body text of the importer question.',
        tags: [{ slug_name: 'support' }],
        edit_summary: 'clearer',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await s.awards(MEMBERS.dave.id, 'first_edit')).toHaveLength(1);
  });

  it('voting, flagging and bookmarking earn "first_vote", "first_flag" and "first_bookmark"', async () => {
    const erin = MEMBERS.erin.id;
    const question = await s.ask('alice');
    for (const key of ['first_vote', 'first_flag', 'first_bookmark']) expect(await s.awards(erin, key)).toEqual([]);

    const vote = await s.call({ method: 'POST', url: '/vote/up', as: 'erin', payload: { object_id: question } });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    expect(await s.awards(erin, 'first_vote')).toHaveLength(1);

    const flag = await s.call({
      method: 'POST',
      url: '/report',
      as: 'erin',
      payload: { object_id: question, report_type: 57 },
    });
    expect(flag.status, JSON.stringify(flag.body)).toBe(200);
    expect(await s.awards(erin, 'first_flag')).toHaveLength(1);

    const bookmark = await s.call({
      method: 'POST',
      url: '/collection/switch',
      as: 'erin',
      payload: { object_id: question, bookmark: true },
    });
    expect(bookmark.status, JSON.stringify(bookmark.body)).toBe(200);
    expect(await s.awards(erin, 'first_bookmark')).toHaveLength(1);
    // Taking the bookmark back and adding it again earns nothing more.
    await s.call({
      method: 'POST',
      url: '/collection/switch',
      as: 'erin',
      payload: { object_id: question, bookmark: false },
    });
    await s.call({
      method: 'POST',
      url: '/collection/switch',
      as: 'erin',
      payload: { object_id: question, bookmark: true },
    });
    expect(await s.awards(erin, 'first_bookmark')).toHaveLength(1);
    expect((await s.badge('first_bookmark')).award_count).toBe(1);
  });

  it('a profile with display name, bio, website, location and a picture earns "profile_completed"; less does not', async () => {
    const mod = MEMBERS.mod.id;
    const update = (extra: Record<string, unknown>) =>
      s.call({
        method: 'PUT',
        url: '/user/info',
        as: 'mod',
        payload: {
          display_name: 'Morgan Mod',
          username: 'mod',
          bio: 'I moderate here.',
          website: 'https://example.com/morgan',
          location: 'Lisbon',
          ...extra,
        },
      });
    const partial = await update({ avatar: { type: 'default' } });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(await s.awards(mod, 'profile_completed')).toEqual([]);
    const noLocation = await update({ avatar: { type: 'gravatar' }, location: '' });
    expect(noLocation.status, JSON.stringify(noLocation.body)).toBe(200);
    expect(await s.awards(mod, 'profile_completed')).toEqual([]);
    const full = await update({ avatar: { type: 'gravatar' } });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(await s.awards(mod, 'profile_completed')).toHaveLength(1);
  });
});
