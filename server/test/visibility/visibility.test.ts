import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatObjectId } from '../../src/db/ids';
import { testDatabases } from '../db/databases';
import { fullSite, unique, writer, type FullSite, type Person, type Reply } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/**
 * The visibility rule on every route that takes a post id: a deleted, unlisted or
 * queued post, and everything under it, is seen by its author and staff only. Everyone else gets, on
 * every read and write, exactly what an id that does not exist gets, and no write leaves a trace.
 */

type Role = 'visitor' | 'member' | 'author' | 'moderator' | 'admin';
const ROLES: Record<Role, Person | undefined> = {
  visitor: undefined,
  member: 'bob',
  author: 'alice',
  moderator: 'mod',
  admin: 'admin',
};
const SEES_HIDDEN: ReadonlySet<Role> = new Set(['author', 'moderator', 'admin']);
/** The flag reason "spam", offered for questions, answers and comments. */
const SPAM = 57;

/** The posts of one case: alice wrote the one that gets hidden, carol the others. */
interface Posts {
  question: string;
  answer: string;
  questionComment: string;
  answerComment: string;
}

const MISSING: Posts = {
  question: formatObjectId('question', 9_999_999_991),
  answer: formatObjectId('answer', 9_999_999_992),
  questionComment: formatObjectId('comment', 9_999_999_993),
  answerComment: formatObjectId('comment', 9_999_999_994),
};

interface Hiding {
  post: 'question' | 'answer' | null;
  set: Record<string, number>;
}
const HIDINGS: Record<string, Hiding> = {
  'a deleted question': { post: 'question', set: { status: 10 } },
  'an unlisted question': { post: 'question', set: { show: 2 } },
  'a queued question': { post: 'question', set: { status: 11 } },
  'a deleted answer': { post: 'answer', set: { status: 10 } },
  'a queued answer': { post: 'answer', set: { status: 11 } },
};

/** Reads that take a post id; `through`: the post whose visibility they depend on. */
const READS: Array<{ name: string; through: 'question' | 'answer'; login?: boolean; url(p: Posts): string }> = [
  { name: 'question/info', through: 'question', url: (p) => `/question/info?id=${p.question}` },
  { name: 'answer/page', through: 'question', url: (p) => `/answer/page?question_id=${p.question}` },
  { name: 'question/invite', through: 'question', url: (p) => `/question/invite?id=${p.question}` },
  { name: 'question/similar/tag', through: 'question', url: (p) => `/question/similar/tag?question_id=${p.question}` },
  { name: 'comment/page of the question', through: 'question', url: (p) => `/comment/page?object_id=${p.question}` },
  { name: 'comment of the question', through: 'question', url: (p) => `/comment?id=${p.questionComment}` },
  {
    name: 'revisions of the question',
    through: 'question',
    login: true,
    url: (p) => `/revisions?object_id=${p.question}`,
  },
  { name: 'answer/info', through: 'answer', url: (p) => `/answer/info?id=${p.answer}` },
  { name: 'comment/page of the answer', through: 'answer', url: (p) => `/comment/page?object_id=${p.answer}` },
  { name: 'comment of the answer', through: 'answer', url: (p) => `/comment?id=${p.answerComment}` },
  { name: 'revisions of the answer', through: 'answer', login: true, url: (p) => `/revisions?object_id=${p.answer}` },
];

/** The post a read of this kind shows itself through (a post id route answers as the post does). */
const OWN_READ: Record<'question' | 'answer', (p: Posts) => string> = {
  question: (p) => `/question/info?id=${p.question}`,
  answer: (p) => `/answer/info?id=${p.answer}`,
};

/** Writes that take a post id; `post`: the hidden post (or its comment) they aim at. */
interface Write {
  name: string;
  as: Person;
  questionOnly?: boolean;
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload(p: Posts, hidden: 'question' | 'answer'): Record<string, unknown>;
}
const target = (p: Posts, hidden: 'question' | 'answer') => (hidden === 'question' ? p.question : p.answer);
const commentOn = (p: Posts, hidden: 'question' | 'answer') =>
  hidden === 'question' ? p.questionComment : p.answerComment;
const WRITES: Write[] = [
  { name: 'vote it up', as: 'bob', method: 'POST', url: '/vote/up', payload: (p, h) => ({ object_id: target(p, h) }) },
  {
    name: 'vote it down',
    as: 'bob',
    method: 'POST',
    url: '/vote/down',
    payload: (p, h) => ({ object_id: target(p, h) }),
  },
  {
    name: 'vote up a comment under it',
    as: 'bob',
    method: 'POST',
    url: '/vote/up',
    payload: (p, h) => ({ object_id: commentOn(p, h) }),
  },
  {
    name: 'comment on it',
    as: 'bob',
    method: 'POST',
    url: '/comment',
    payload: (p, h) => ({ object_id: target(p, h), original_text: unique('Sneaky comment') }),
  },
  {
    name: 'flag it',
    as: 'bob',
    method: 'POST',
    url: '/report',
    payload: (p, h) => ({ object_id: target(p, h), report_type: SPAM }),
  },
  {
    name: 'flag a comment under it',
    as: 'bob',
    method: 'POST',
    url: '/report',
    payload: (p, h) => ({ object_id: commentOn(p, h), report_type: SPAM }),
  },
  {
    name: 'bookmark it',
    as: 'bob',
    questionOnly: true,
    method: 'POST',
    url: '/collection/switch',
    payload: (p) => ({ object_id: p.question, group_id: '0', bookmark: true }),
  },
  {
    name: 'follow it',
    as: 'bob',
    questionOnly: true,
    method: 'POST',
    url: '/follow',
    payload: (p) => ({ object_id: p.question, is_cancel: false }),
  },
  {
    name: 'answer it',
    as: 'bob',
    questionOnly: true,
    method: 'POST',
    url: '/answer',
    payload: (p) => ({ question_id: p.question, content: unique('A sneaky answer') }),
  },
  // The comment's own author, who no longer sees the post it is on.
  {
    name: 'edit a comment under it',
    as: 'carol',
    method: 'PUT',
    url: '/comment',
    payload: (p, h) => ({ comment_id: commentOn(p, h), original_text: unique('Edited comment') }),
  },
  {
    name: 'delete a comment under it',
    as: 'carol',
    method: 'DELETE',
    url: '/comment',
    payload: (p, h) => ({ comment_id: commentOn(p, h) }),
  },
];

const brief = (reply: Reply) => ({ status: reply.status, reason: reply.body.reason, msg: reply.body.msg });

describe.each(available)('the visibility rule on every post route on $label', (db) => {
  let s: FullSite;
  let write: ReturnType<typeof writer>;

  beforeAll(async () => {
    s = await fullSite(db);
    write = writer(s);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** Posts of one case; `hidden` says which one alice writes (and the case then hides). */
  async function posts(hidden: 'question' | 'answer'): Promise<Posts> {
    const question = await write.question(hidden === 'question' ? 'alice' : 'carol');
    const answer = await write.answer(hidden === 'answer' ? 'alice' : 'carol', question);
    return {
      question,
      answer,
      questionComment: await write.comment('carol', question),
      answerComment: await write.comment('carol', answer),
    };
  }

  /** What a member could count on: votes, reputation, comments, flags, bookmarks and follows. */
  async function traces() {
    const count = async (table: 'activity' | 'comment' | 'report' | 'collection') =>
      Number(
        (
          await s.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ranks = await s.db.selectFrom('user').select(['id', 'rank']).orderBy('id').execute();
    const questions = await s.db
      .selectFrom('question')
      .select(['id', 'vote_count', 'collection_count', 'follow_count', 'answer_count'])
      .orderBy('id')
      .execute();
    const comments = await s.db
      .selectFrom('comment')
      .select(['id', 'vote_count', 'status', 'original_text'])
      .orderBy('id')
      .execute();
    return {
      activity: await count('activity'),
      comment: await count('comment'),
      report: await count('report'),
      collection: await count('collection'),
      ranks,
      questions,
      comments,
    };
  }

  it('lets every role read a listed post and members write on it (the control case)', async () => {
    const p = await posts('question');
    for (const [role, as] of Object.entries(ROLES)) {
      for (const read of READS) {
        if (read.login && !as) continue;
        const reply = await s.call({ method: 'GET', url: read.url(p), as });
        expect(reply.status, `${role} ${read.name}`).toBe(200);
      }
    }
    for (const w of WRITES) {
      const reply = await s.call({ method: w.method, url: w.url, as: w.as, payload: w.payload(p, 'question') });
      expect(reply.status, `${w.name}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
  });

  describe.each(Object.entries(HIDINGS))('%s', (_, hiding) => {
    let p: Posts;
    const hidden = hiding.post!;

    beforeAll(async () => {
      p = await posts(hidden);
      const id = hidden === 'question' ? p.question : p.answer;
      await s.db.updateTable(hidden).set(hiding.set).where('id', '=', id).execute();
    });

    it.each(Object.entries(ROLES))(
      '%s: every read through it answers as a missing post, or 200 when seen',
      async (role, as) => {
        for (const read of READS) {
          if (hidden === 'answer' && read.through === 'question') continue;
          if (read.login && !as) continue;
          const reply = await s.call({ method: 'GET', url: read.url(p), as });
          if (SEES_HIDDEN.has(role as Role)) {
            expect(reply.status, `${role} ${read.name}: ${JSON.stringify(reply.body)}`).toBe(200);
            continue;
          }
          const missing = await s.call({ method: 'GET', url: read.url(MISSING), as });
          expect(missing.status, `${read.name} of a missing post`).toBe(404);
          expect(brief(reply), `${role} ${read.name}`).toEqual(brief(missing));
          // A route naming the hidden post answers as the post's own page does.
          if (!read.url(p).includes('comment?id=')) {
            const own = await s.call({ method: 'GET', url: OWN_READ[read.through](p), as });
            expect(brief(reply), `${role} ${read.name} vs the post's own page`).toEqual(brief(own));
          }
        }
      },
    );

    it('refuses every write of a member who cannot see it as for a missing post, and leaves no trace', async () => {
      const before = await traces();
      for (const w of WRITES) {
        if (w.questionOnly && hidden !== 'question') continue;
        const reply = await s.call({ method: w.method, url: w.url, as: w.as, payload: w.payload(p, hidden) });
        const missing = await s.call({ method: w.method, url: w.url, as: w.as, payload: w.payload(MISSING, hidden) });
        expect(missing.status, `${w.name} on a missing post`).toBe(404);
        expect(brief(reply), `${w.as} may not ${w.name}`).toEqual(brief(missing));
      }
      expect(await traces()).toEqual(before);
    });
  });

  it('still lets staff vote, comment, bookmark and follow on an unlisted question', async () => {
    const p = await posts('question');
    await s.db.updateTable('question').set({ show: 2 }).where('id', '=', p.question).execute();
    const rankBefore = await s.db.selectFrom('user').select('rank').where('id', '=', 31).executeTakeFirstOrThrow();
    for (const w of WRITES.filter((w) => w.as === 'bob')) {
      const reply = await s.call({ method: w.method, url: w.url, as: 'mod', payload: w.payload(p, 'question') });
      expect(reply.status, `mod ${w.name}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    // The author's reputation moved by the moderator's up and down votes (the last one counts).
    const rankAfter = await s.db.selectFrom('user').select('rank').where('id', '=', 31).executeTakeFirstOrThrow();
    expect(rankAfter.rank).not.toBe(rankBefore.rank);
  });
});
