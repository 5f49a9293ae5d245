import type {
  AnswerWithQuestion,
  CollectionPage,
  Comment,
  PersonalUserInfo,
  QaTop,
  QuestionInfo,
  UserAnswerPage,
  UserCommentPage,
  UserQuestionPage,
  UserRankPage,
  UserVotePage,
} from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../src/db/schema';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases, type TestDatabase } from '../db/databases';
import { envelope, siteApp, testConfig } from '../helpers';
import { addMembers, memberSessions } from '../support/members';

/**
 * The profile tabs (the rule: "the profile tabs Answers, Questions, Bookmarks, Reputation, Comments and
 * Votes show this data") read after real writes through the HTTP API: members ask, answer, comment,
 * vote, bookmark and accept, then every tab shows exactly those rows, with the reputation deltas of
 * docs/product-rules.md. Deleted, hidden and cancelled things do not show.
 */

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Members (token = name). Starting ranks: enough to vote up (8) and, for dave, down (125). */
const PEOPLE = {
  alice: { id: 11, roleId: 1, rank: 100 },
  bob: { id: 12, roleId: 1, rank: 100 },
  carol: { id: 13, roleId: 1, rank: 100 },
  dave: { id: 14, roleId: 1, rank: 300 },
  mod: { id: 15, roleId: 3, rank: 1 },
  /** Only reads. */
  erin: { id: 16, roleId: 1, rank: 1 },
  frank: { id: 17, roleId: 1, rank: 100 },
  gina: { id: 18, roleId: 1, rank: 100 },
  hank: { id: 19, roleId: 1, rank: 300 },
} as const;
type Person = keyof typeof PEOPLE;

interface Site {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  cleanup(): Promise<void>;
}

async function writeSite(target: TestDatabase): Promise<Site> {
  const site = await installedSite(target);
  const db = site.database.db;
  await addMembers(db, PEOPLE);
  const sessions = memberSessions(PEOPLE);
  const settings = new DbSettingsStore(db);
  const { app } = await siteApp(db, testConfig({ dataDir: site.dataDir }), { sessions, settings });
  await app.ready();
  return {
    site,
    db,
    app,
    async call<T>({ as, ...inject }: InjectOptions & { as?: Person }) {
      const response = await app.inject({
        ...inject,
        url: `/answer/api/v1${inject.url}`,
        headers: { ...(inject.headers ?? {}), ...(as ? { authorization: as } : {}) },
      });
      return { status: response.statusCode, body: envelope<T>(response.body) as never };
    },
    async cleanup() {
      await app.close();
      await site.cleanup();
    },
  };
}

describe.each(available)('profile tabs after writes through the API on $label', (target) => {
  let s: Site;
  /** The ids the writes produced. */
  const ids = {} as Record<
    'q1' | 'q2' | 'q3' | 'q4' | 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'c1' | 'c2' | 'c3' | 'c4',
    string
  >;

  async function write<T>(as: Person, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object): Promise<T> {
    const res = await s.call<T>({ method, url, as, payload });
    expect(res.status, `${method} ${url} as ${as}: ${res.body.reason} ${res.body.msg}`).toBe(200);
    return res.body.data;
  }
  const ask = async (as: Person, title: string) =>
    (
      await write<QuestionInfo>(as, 'POST', '/question', {
        title,
        content: `The details of "${title}", long enough to be a question body.`,
        tags: [{ slug_name: 'support' }],
      })
    ).id;
  const answer = async (as: Person, questionId: string, content: string) =>
    (await write<AnswerWithQuestion>(as, 'POST', '/answer', { question_id: questionId, content })).info.id;
  const comment = async (as: Person, objectId: string, text: string) =>
    (await write<Comment>(as, 'POST', '/comment', { object_id: objectId, original_text: text })).comment_id;
  const vote = (as: Person, direction: 'up' | 'down', objectId: string, cancel = false) =>
    write(as, 'POST', `/vote/${direction}`, { object_id: objectId, is_cancel: cancel });
  const bookmark = (as: Person, objectId: string, on = true) =>
    write(as, 'POST', '/collection/switch', { object_id: objectId, group_id: '0', bookmark: on });

  async function read<T>(url: string, as?: Person): Promise<T> {
    const res = await s.call<T>({ method: 'GET', url, as });
    expect(res.status, `GET ${url}: ${res.body.reason}`).toBe(200);
    return res.body.data;
  }

  beforeAll(async () => {
    s = await writeSite(target);
    // Asking.
    ids.q1 = await ask('alice', 'How do profile tabs count votes?');
    ids.q2 = await ask('alice', 'Why is my second question downvoted?');
    ids.q3 = await ask('alice', 'Which questions can moderators unlist?');
    // Answering (bob's answer to q2 is deleted below, by a moderator: it has an up vote).
    ids.a1 = await answer('bob', ids.q1, 'They count every vote that was not taken back.');
    ids.a2 = await answer('carol', ids.q1, 'I think they count only the up votes.');
    ids.a3 = await answer('bob', ids.q2, 'Because it was a duplicate, probably.');
    // Commenting (carol's comment on q2 is deleted below).
    ids.c1 = await comment('carol', ids.q1, 'Good question, I wondered too.');
    ids.c2 = await comment('bob', ids.a1, 'Cancelled votes are removed from the tab.');
    ids.c3 = await comment('carol', ids.q2, 'This comment will be deleted soon.');
    // Voting: carol up on q1 and a1 and c2; dave down on a2 and q2; bob up on q2 and takes it back.
    await vote('carol', 'up', ids.q1);
    await vote('carol', 'up', ids.a1);
    await vote('carol', 'up', ids.c2);
    await vote('carol', 'up', ids.q3);
    await vote('carol', 'up', ids.a3);
    await vote('dave', 'down', ids.a2);
    await vote('dave', 'down', ids.q2);
    await vote('bob', 'up', ids.q2);
    await vote('bob', 'up', ids.q2, true);
    // Bookmarks: carol q1 and q3 (q3 is unlisted below), bob q2.
    await bookmark('carol', ids.q1);
    await bookmark('carol', ids.q3);
    await bookmark('bob', ids.q2);
    // Accepting.
    await write('alice', 'POST', '/answer/acceptance', { question_id: ids.q1, answer_id: ids.a1 });
    // Changing one's mind: mod accepts frank's answer, then gina's; hank votes frank's answer up, then down.
    ids.q4 = await ask('mod', 'What happens when an accepted answer changes?');
    ids.a4 = await answer('frank', ids.q4, 'The first answer loses the 15 points again.');
    ids.a5 = await answer('gina', ids.q4, 'The new accepted answer gets the 15 points.');
    await write('mod', 'POST', '/answer/acceptance', { question_id: ids.q4, answer_id: ids.a4 });
    await write('mod', 'POST', '/answer/acceptance', { question_id: ids.q4, answer_id: ids.a5 });
    await vote('hank', 'up', ids.a4);
    await vote('hank', 'down', ids.a4);
    // frank answers and comments on q3 before it is unlisted.
    ids.a6 = await answer('frank', ids.q3, 'Moderators can unlist any question.');
    ids.c4 = await comment('frank', ids.q3, 'Unlisted questions stay reachable by their author.');
    // Taking things away.
    await write('mod', 'DELETE', '/answer', { id: ids.a3 });
    await write('carol', 'DELETE', '/comment', { comment_id: ids.c3 });
    await write('mod', 'PUT', '/question/operation', { id: ids.q3, operation: 'hide' });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('personal/user/info: reputation after its deltas, question and answer counts', async () => {
    const info = (name: Person) => read<PersonalUserInfo>(`/personal/user/info?username=${name}`);
    // alice: +10 (q1 voted up), +10 (q3 voted up), −2 (q2 voted down), +2 (accepting); bob's vote on
    // q2 was taken back. Unlisting q3 takes nothing away.
    expect(await info('alice')).toMatchObject({ rank: 120, question_count: 3, answer_count: 0 });
    // bob: +10 (a1 voted up), +10 (a3 voted up, then deleted: the points stay), +15 (a1 accepted).
    expect(await info('bob')).toMatchObject({ rank: 135, question_count: 0, answer_count: 1 });
    // carol: −2 (a2 voted down).
    expect(await info('carol')).toMatchObject({ rank: 98, question_count: 0, answer_count: 1 });
    // dave: −1 for down-voting an answer, 0 for a question.
    expect(await info('dave')).toMatchObject({ rank: 299, question_count: 0, answer_count: 0 });
    // frank: +15 (accepted) and +10 (voted up) both taken back, −2 (voted down).
    expect(await info('frank')).toMatchObject({ rank: 98, answer_count: 2 });
    expect(await info('gina')).toMatchObject({ rank: 115, answer_count: 1 });
    expect(await info('hank')).toMatchObject({ rank: 299 });
  });

  it('personal/question/page: the listed questions to others, the unlisted one to its author and staff too', async () => {
    const page = (as?: Person) => read<UserQuestionPage>('/personal/question/page?username=alice', as);
    for (const viewer of [undefined, 'erin', 'bob'] as const) {
      const others = await page(viewer);
      expect(others.count).toBe(2);
      expect(others.list.map((q) => q.question_id)).toEqual([ids.q2, ids.q1]);
    }
    const own = await page('alice');
    expect(own.count).toBe(3);
    expect(own.list.map((q) => [q.question_id, q.show])).toEqual([
      [ids.q3, 2],
      [ids.q2, 1],
      [ids.q1, 1],
    ]);
    expect((await page('mod')).count).toBe(3);
    const [q2, q1] = (await page('erin')).list;
    expect(q1).toMatchObject({
      title: 'How do profile tabs count votes?',
      vote_count: 1,
      answer_count: 2,
      collection_count: 1,
      accepted_answer_id: ids.a1,
      status: 1,
      tags: [expect.objectContaining({ slug_name: 'support' })],
    });
    // The deleted answer no longer counts; the taken-back vote neither.
    expect(q2).toMatchObject({ vote_count: -1, answer_count: 0, collection_count: 1, accepted_answer_id: '0' });
  });

  it('personal/answer/page: the deleted answer is gone for everyone, the accepted one is marked', async () => {
    for (const viewer of [undefined, 'erin', 'bob', 'mod'] as const) {
      const page = await read<UserAnswerPage>('/personal/answer/page?username=bob', viewer);
      expect(page.count).toBe(1);
      expect(page.list).toEqual([
        expect.objectContaining({
          answer_id: ids.a1,
          question_id: ids.q1,
          accepted: 2,
          vote_count: 1,
          question_info: expect.objectContaining({ title: 'How do profile tabs count votes?' }),
        }),
      ]);
    }
    const carol = await read<UserAnswerPage>('/personal/answer/page?username=carol');
    expect(carol.list.map((a) => [a.answer_id, a.accepted, a.vote_count])).toEqual([[ids.a2, 1, -1]]);
  });

  it('personal/answer/page: an answer to an unlisted question shows only to those who see the question', async () => {
    const frank = async (as?: Person) => {
      const page = await read<UserAnswerPage>('/personal/answer/page?username=frank', as);
      expect(page.count).toBe(page.list.length);
      return page.list.map((a) => [a.answer_id, a.accepted, a.vote_count]);
    };
    // Accepted, then not: the acceptance moved to gina's answer; up then down: one down vote.
    expect(await frank('erin')).toEqual([[ids.a4, 1, -1]]);
    expect(await frank('frank')).toEqual([[ids.a4, 1, -1]]);
    expect(await frank('alice')).toEqual([
      [ids.a6, 1, 0],
      [ids.a4, 1, -1],
    ]);
    expect(await frank('mod')).toEqual([
      [ids.a6, 1, 0],
      [ids.a4, 1, -1],
    ]);
    const gina = await read<UserAnswerPage>('/personal/answer/page?username=gina', 'erin');
    expect(gina.list.map((a) => [a.answer_id, a.accepted])).toEqual([[ids.a5, 2]]);
  });

  it('personal/qa/top: the best-scored questions and answers the viewer may see', async () => {
    const alice = await read<QaTop>('/personal/qa/top?username=alice', 'erin');
    expect(alice.question.map((q) => [q.question_id, q.vote_count])).toEqual([
      [ids.q1, 1],
      [ids.q2, -1],
    ]);
    expect(alice.answer).toEqual([]);
    const bob = await read<QaTop>('/personal/qa/top?username=bob', 'erin');
    expect(bob.question).toEqual([]);
    expect(bob.answer.map((a) => [a.answer_id, a.accepted])).toEqual([[ids.a1, 2]]);
    const own = await read<QaTop>('/personal/qa/top?username=alice', 'alice');
    expect(own.question.map((q) => q.question_id).sort()).toEqual([ids.q1, ids.q2, ids.q3].sort());
  });

  it('personal/comment/page: live comments only, on questions and answers', async () => {
    const carol = await read<UserCommentPage>('/personal/comment/page?username=carol', 'erin');
    expect(carol.count).toBe(1);
    expect(carol.list).toEqual([
      expect.objectContaining({
        comment_id: ids.c1,
        object_id: ids.q1,
        question_id: ids.q1,
        answer_id: '',
        object_type: 'question',
        title: 'How do profile tabs count votes?',
      }),
    ]);
    expect(carol.list[0]!.content).toContain('Good question, I wondered too.');
    // Not even to its author: a deleted comment is gone.
    expect((await read<UserCommentPage>('/personal/comment/page?username=carol', 'carol')).count).toBe(1);
    const bob = await read<UserCommentPage>('/personal/comment/page?username=bob');
    expect(bob.list.map((c) => [c.comment_id, c.object_type, c.answer_id, c.question_id])).toEqual([
      [ids.c2, 'answer', ids.a1, ids.q1],
    ]);
    // frank's comment is on the unlisted q3.
    for (const viewer of [undefined, 'erin', 'frank'] as const)
      expect((await read<UserCommentPage>('/personal/comment/page?username=frank', viewer)).count).toBe(0);
    expect(
      (await read<UserCommentPage>('/personal/comment/page?username=frank', 'alice')).list.map((c) => c.comment_id),
    ).toEqual([ids.c4]);
  });

  it('personal/rank/page: one row per reputation change, newest first, with the applied numbers', async () => {
    const rows = async (name: Person, as?: Person) =>
      (await read<UserRankPage>(`/personal/rank/page?username=${name}`, as)).list.map((r) => [
        r.object_id,
        r.reputation,
        r.rank_type,
      ]);
    expect(await rows('alice', 'erin')).toEqual([
      [ids.a1, 2, 'Accepted an answer'],
      [ids.q2, -2, 'Question downvoted'],
      [ids.q3, 10, 'Question upvoted'],
      [ids.q1, 10, 'Question upvoted'],
    ]);
    expect(await rows('bob', 'erin')).toEqual([
      [ids.a1, 15, 'Answer accepted'],
      [ids.a3, 10, 'Answer upvoted'],
      [ids.a1, 10, 'Answer upvoted'],
    ]);
    expect(await rows('carol', 'erin')).toEqual([[ids.a2, -2, 'Answer downvoted']]);
    expect(await rows('dave', 'erin')).toEqual([[ids.a2, -1, 'Downvoted an answer']]);
    // What was taken back (an acceptance moved elsewhere, a vote turned around) is not listed.
    expect(await rows('frank', 'erin')).toEqual([[ids.a4, -2, 'Answer downvoted']]);
    expect(await rows('gina', 'erin')).toEqual([[ids.a5, 15, 'Answer accepted']]);
    expect(await rows('hank', 'erin')).toEqual([[ids.a4, -1, 'Downvoted an answer']]);
    expect(await rows('erin', 'erin')).toEqual([]);

    const page = await read<UserRankPage>('/personal/rank/page?username=alice', 'erin');
    expect(page.count).toBe(4);
    expect(page.list[3]).toMatchObject({
      object_type: 'question',
      question_id: ids.q1,
      answer_id: '',
      title: 'How do profile tabs count votes?',
    });
    expect(page.list[0]).toMatchObject({ object_type: 'answer', question_id: ids.q1, answer_id: ids.a1 });
  });

  it('personal/rank/page: a change from a post the viewer may not see keeps its amount, not its text or link', async () => {
    const row = async (name: Person, objectId: string, as?: Person) =>
      (await read<UserRankPage>(`/personal/rank/page?username=${name}`, as)).list.find((r) => r.object_id === objectId);
    const unavailable = {
      reputation: 10,
      title: 'A post that is no longer available',
      url_title: '',
      content: '',
      question_id: '',
      answer_id: '',
    };
    // q3 is unlisted: others do not see it, its author and staff do.
    for (const viewer of [undefined, 'erin', 'bob'] as const)
      expect(await row('alice', ids.q3, viewer)).toMatchObject({ ...unavailable, object_type: 'question' });
    for (const viewer of ['alice', 'mod'] as const)
      expect(await row('alice', ids.q3, viewer)).toMatchObject({
        question_id: ids.q3,
        title: 'Which questions can moderators unlist?',
        content: expect.stringContaining('Which questions can moderators unlist?'),
      });
    // a3 is deleted: nobody sees it, its author neither.
    for (const viewer of [undefined, 'erin', 'bob', 'mod'] as const)
      expect(await row('bob', ids.a3, viewer)).toMatchObject({ ...unavailable, object_type: 'answer' });
    const zh = await s.call<UserRankPage>({
      method: 'GET',
      url: '/personal/rank/page?username=bob',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.list.find((r) => r.object_id === ids.a3)).toMatchObject({
      title: '已无法查看的内容',
      rank_type: '回答被赞同',
    });
  });

  it('personal/vote/page: the member’s own votes that stand, newest first', async () => {
    const votes = async (as: Person) => {
      const page = await read<UserVotePage>('/personal/vote/page', as);
      expect(page.count).toBe(page.list.length);
      return page.list.map((v) => [v.object_id, v.object_type, v.vote_type]);
    };
    expect(await votes('carol')).toEqual([
      [ids.a3, 'answer', 'Upvote'],
      [ids.q3, 'question', 'Upvote'],
      [ids.c2, 'comment', 'Upvote'],
      [ids.a1, 'answer', 'Upvote'],
      [ids.q1, 'question', 'Upvote'],
    ]);
    expect(await votes('dave')).toEqual([
      [ids.q2, 'question', 'Downvote'],
      [ids.a2, 'answer', 'Downvote'],
    ]);
    // The deleted answer and the unlisted question keep their row, without text or link.
    const carol = await read<UserVotePage>('/personal/vote/page', 'carol');
    for (const item of carol.list.slice(0, 2))
      expect(item).toMatchObject({ title: 'A post that is no longer available', question_id: '', content: '' });
    expect(carol.list[2]).toMatchObject({
      question_id: ids.q1,
      answer_id: ids.a1,
      title: 'How do profile tabs count votes?',
    });
    // hank turned his vote around; bob took his only vote back.
    expect(await votes('hank')).toEqual([[ids.a4, 'answer', 'Downvote']]);
    expect(await votes('bob')).toEqual([]);
    expect(await votes('alice')).toEqual([]);
    expect((await s.call({ method: 'GET', url: '/personal/vote/page' })).status).toBe(401);
  });

  it('personal/collection/page: the member’s bookmarks they may still see', async () => {
    const carol = await read<CollectionPage>('/personal/collection/page', 'carol');
    // q3 is unlisted now: carol is neither its author nor staff.
    expect(carol.count).toBe(1);
    expect(carol.list.map((q) => [q.id, q.collected, q.collection_count, q.vote_count])).toEqual([
      [ids.q1, true, 1, 1],
    ]);
    const bob = await read<CollectionPage>('/personal/collection/page', 'bob');
    expect(bob.list.map((q) => [q.id, q.collection_count, q.vote_count, q.answer_count])).toEqual([[ids.q2, 1, -1, 0]]);
    expect((await read<CollectionPage>('/personal/collection/page', 'alice')).count).toBe(0);
  });
});
