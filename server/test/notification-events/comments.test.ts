import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { eventSite, expected, PEOPLE, place, uniqueText, who, type EventSite, type Person } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('inbox entries of comments on $label', (target) => {
  let s: EventSite;

  beforeAll(async () => {
    s = await eventSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const say = (words: string) => `${words} ${uniqueText('note').slice(0, 60)}`;
  const edit = (commentId: string, text: string, as: Person) =>
    s.must({ method: 'PUT', url: '/comment', payload: { comment_id: commentId, original_text: text }, as });
  const mentions = async (person: Person, objectId: string) =>
    (await s.inbox(person)).filter(
      (e) =>
        e.content.notification_action === 'mention_you' &&
        Object.values(e.content.object_info.object_map).includes(objectId),
    );

  it('a comment tells the post’s author: comment_question, comment_answer, linked to the comment', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'bob');
    const onQuestion = await s.comment(q.id, 'carol');
    expect(await s.entries(onQuestion)).toEqual([
      expected('alice', 'carol', 'comment_question', place(q, undefined, onQuestion)),
    ]);
    const onAnswer = await s.comment(a, 'carol');
    expect(await s.entries(onAnswer)).toEqual([expected('bob', 'carol', 'comment_answer', place(q, a, onAnswer))]);
    // Commenting on one's own post tells nobody.
    expect(await s.entries(await s.comment(a, 'bob'))).toEqual([]);
  });

  it('one entry per person and comment: reply > mention > post author, never the commenter', async () => {
    const q = await s.ask('alice');
    const first = await s.comment(q.id, 'bob');
    // carol replies to bob, mentions bob, alice (the asker), dave and herself.
    const reply = await s.comment(q.id, 'carol', say('@bob @alice @dave @carol see this'), {
      reply_comment_id: first,
    });
    const at = place(q, undefined, reply);
    expect(await s.entries(reply)).toEqual([
      expected('bob', 'carol', 'reply_to_you', at),
      expected('alice', 'carol', 'mention_you', at),
      expected('dave', 'carol', 'mention_you', at),
    ]);
  });

  it('mentions come from the text; a picked name counts only when its @name is in the text', async () => {
    const q = await s.ask('alice');
    const c = await s.comment(q.id, 'bob', say('plain words, and `@erin` in code'), {
      mention_username_list: ['erin', 'dave'],
    });
    expect(who(await s.entries(c))).toEqual([
      [PEOPLE.erin.id, 'mention_you'],
      [PEOPLE.alice.id, 'comment_question'],
    ]);
  });

  it('a member is told of mentions once per post: later comments and edits add nothing', async () => {
    const q = await s.ask('alice');
    const a = await s.answer(q.id, 'erin');
    const first = await s.comment(q.id, 'bob', say('hello @dave'));
    expect(who(await mentions('dave', q.id))).toEqual([[PEOPLE.dave.id, 'mention_you']]);
    expect((await mentions('dave', q.id))[0]!.object_id).toBe(first);
    const second = await s.comment(q.id, 'carol', say('again @dave'));
    expect(await s.entries(second)).toEqual([
      expected('alice', 'carol', 'comment_question', place(q, undefined, second)),
    ]);
    await edit(first, say('hello again @dave'), 'bob');
    expect(await mentions('dave', q.id)).toHaveLength(1);
    // Another post (the answer) is another conversation.
    const onAnswer = await s.comment(a, 'bob', say('and here @dave'));
    expect(await mentions('dave', a)).toEqual([expected('dave', 'bob', 'mention_you', place(q, a, onAnswer))]);
  });

  it('an edit tells members it mentions for the first time, not those the comment already told', async () => {
    const q = await s.ask('alice');
    const first = await s.comment(q.id, 'erin');
    const c = await s.comment(q.id, 'bob', say('thinking about it'), { reply_comment_id: first });
    const before = await s.entries(c);
    expect(who(before)).toEqual([
      [PEOPLE.erin.id, 'reply_to_you'],
      [PEOPLE.alice.id, 'comment_question'],
    ]);
    await edit(c, say('@carol @erin @alice have a look'), 'bob');
    const after = await s.entries(c);
    expect(after.slice(before.length)).toEqual([expected('carol', 'bob', 'mention_you', place(q, undefined, c))]);
  });

  it('the post’s author mentioned again on their post still hears of the new comment as its author', async () => {
    const q = await s.ask('alice');
    const first = await s.comment(q.id, 'bob', say('@alice look'));
    expect(who(await s.entries(first))).toEqual([[PEOPLE.alice.id, 'mention_you']]);
    const second = await s.comment(q.id, 'carol', say('@alice look again'));
    expect(await s.entries(second)).toEqual([
      expected('alice', 'carol', 'comment_question', place(q, undefined, second)),
    ]);
  });

  it('parallel comments mentioning one member on one post write one mention entry', async () => {
    const q = await s.ask('alice');
    const texts = ['first', 'second', 'third', 'fourth'].map((n) => say(`${n} call for @dave`));
    const posted = await Promise.all(
      texts.map((text, i) => s.comment(q.id, (['bob', 'carol', 'erin', 'senior'] as const)[i]!, text)),
    );
    expect(posted).toHaveLength(4);
    expect(await mentions('dave', q.id)).toHaveLength(1);
    // Every comment still told the asker.
    for (const id of posted) expect(who(await s.entries(id))).toContainEqual([PEOPLE.alice.id, 'comment_question']);
  });
});
