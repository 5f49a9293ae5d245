import type { AnswerWithQuestion, Comment, QuestionInfo } from '@agora/shared-api/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema';
import type { InstalledSite } from '../accounts/helpers';
import type { TestDatabase } from '../db/databases';
import { openSite } from '../support/site';

/**
 * The site the profile tab suites read (the rule: "the profile tabs Answers, Questions, Bookmarks,
 * Reputation, Comments and Votes show this data"), written through the HTTP API: members ask, answer,
 * comment, vote, bookmark and accept, then some of it is deleted, hidden or taken back.
 */

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
export type Person = keyof typeof PEOPLE;

export interface Site {
  site: InstalledSite;
  db: Kysely<DB>;
  app: FastifyInstance;
  call<T = unknown>(
    options: InjectOptions & { as?: Person },
  ): Promise<{ status: number; body: { code: number; reason: string; msg: string; data: T } }>;
  cleanup(): Promise<void>;
}

async function writeSite(target: TestDatabase): Promise<Site> {
  const site = await openSite(target, { members: PEOPLE });
  await site.app.ready();
  return {
    site: site.installed,
    db: site.db,
    app: site.app,
    call: (options) => site.call(options) as never,
    cleanup: () => site.close(),
  };
}

/** The ids the writes produced. */
export type TabIds = Record<
  'q1' | 'q2' | 'q3' | 'q4' | 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'c1' | 'c2' | 'c3' | 'c4',
  string
>;

/** GET `url` as `as`: its data, after checking the answer is 200. */
export function reader(site: () => Site) {
  return async function read<T>(url: string, as?: Person): Promise<T> {
    const res = await site().call<T>({ method: 'GET', url, as });
    expect(res.status, `GET ${url}: ${res.body.reason}`).toBe(200);
    return res.body.data;
  };
}

/** A site where the members' writes (and removals) have happened; its handles and the ids written. */
export async function writtenTabs(target: TestDatabase): Promise<{ site: Site; ids: TabIds }> {
  const s = await writeSite(target);
  const ids = {} as TabIds;

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
  return { site: s, ids };
}
