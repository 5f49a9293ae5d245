import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { fullSite, unique, writer, type FullSite, type Person, type Reply } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

/**
 * member_actions and the server agree, for every role: each action a post or tag offers is accepted by
 * its route, and each action the route refuses is not offered. Every (state, role, action) gets a
 * fresh object, offers are read as that role, then the action is tried as that role.
 */

const ROLES: Record<string, Person | undefined> = {
  visitor: undefined,
  member: 'bob',
  author: 'alice',
  moderator: 'mod',
  admin: 'admin',
};
const SPAM = 57;
/** The close reason "community specific" (no remark). */
const closeType = 63;
/**
 * Deleting what is already deleted changes nothing and answers success (a repeated click): it is
 * not offered, yet not refused either.
 */
const NO_OP_REPEATS = new Set(['question deleted delete', 'answer deleted delete']);

type Act = (id: string, as: Person | undefined) => Promise<Reply>;

interface Kind {
  /** Makes the object (alice's, where it has an author) in `state`; returns its id. */
  make(state: string): Promise<string>;
  states: string[];
  offers(id: string, as: Person | undefined): Promise<string[]>;
  actions: Record<string, Act>;
}

describe.each(available)('member_actions agree with the server on $label', (db) => {
  let s: FullSite;
  let w: ReturnType<typeof writer>;
  const kinds: Record<string, Kind> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: Person | undefined, payload?: object) =>
    s.call({ method, url, as, ...(payload ? { payload } : {}) });
  const admin = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
    w.ok(await call(method, url, 'admin', payload), `${method} ${url}`);
  /** The offered actions of a read; an object the role may not see (404) offers nothing. */
  const names = (reply: Reply, pick: (data: never) => Array<{ action: string }>) =>
    reply.status === 404 ? [] : pick(w.ok(reply, 'read') as never).map((a) => a.action);

  beforeAll(async () => {
    s = await fullSite(db);
    w = writer(s);

    kinds.question = {
      states: ['answered, the answer up-voted', 'unanswered', 'closed', 'deleted', 'unlisted and pinned'],
      async make(state) {
        const id = await w.question('alice');
        if (state.startsWith('answered')) {
          const answer = await w.answer('carol', id);
          await admin('POST', '/vote/up', { object_id: answer });
        }
        if (state === 'closed') await admin('PUT', '/question/status', { id, close_type: closeType });
        if (state === 'deleted') await admin('DELETE', '/question', { id });
        if (state.startsWith('unlisted')) {
          await admin('PUT', '/question/operation', { id, operation: 'hide' });
          await admin('PUT', '/question/operation', { id, operation: 'pin' });
        }
        return id;
      },
      offers: async (id, as) =>
        names(await call('GET', `/question/info?id=${id}`, as), (d: { member_actions: [] }) => d.member_actions),
      actions: {
        report: (id, as) => call('POST', '/report', as, { object_id: id, report_type: SPAM }),
        edit: (id, as) =>
          call('PUT', '/question', as, {
            id,
            title: unique('An edited title'),
            content: unique('An edited body'),
            tags: [{ slug_name: 'support' }],
          }),
        delete: (id, as) => call('DELETE', '/question', as, { id }),
        close: (id, as) => call('PUT', '/question/status', as, { id, close_type: closeType }),
        reopen: (id, as) => call('PUT', '/question/reopen', as, { question_id: id }),
        ...Object.fromEntries(
          ['pin', 'unpin', 'hide', 'show'].map((operation) => [
            operation,
            (id: string, as: Person | undefined) => call('PUT', '/question/operation', as, { id, operation }),
          ]),
        ),
        undelete: (id, as) => call('POST', '/question/recover', as, { question_id: id }),
      },
    };

    kinds.answer = {
      states: ['up-voted', 'without votes', 'accepted', 'deleted'],
      async make(state) {
        const question = await w.question('carol');
        const id = await w.answer('alice', question);
        if (state === 'up-voted') await admin('POST', '/vote/up', { object_id: id });
        if (state === 'accepted')
          w.ok(await call('POST', '/answer/acceptance', 'carol', { question_id: question, answer_id: id }), 'accept');
        if (state === 'deleted') await admin('DELETE', '/answer', { id });
        return id;
      },
      offers: async (id, as) =>
        names(
          await call('GET', `/answer/info?id=${id}`, as),
          (d: { info: { member_actions: [] } }) => d.info.member_actions,
        ),
      actions: {
        report: (id, as) => call('POST', '/report', as, { object_id: id, report_type: SPAM }),
        edit: (id, as) => call('PUT', '/answer', as, { id, content: unique('An edited answer') }),
        delete: (id, as) => call('DELETE', '/answer', as, { id }),
        undelete: (id, as) => call('POST', '/answer/recover', as, { answer_id: id }),
      },
    };

    kinds.comment = {
      states: ['just posted', 'older than the edit window', 'under a deleted question'],
      async make(state) {
        const question = await w.question('carol');
        const id = await w.comment('alice', question);
        if (state.startsWith('older'))
          await s.db
            .updateTable('comment')
            .set({ created_at: Date.now() - 10 * 60_000 })
            .where('id', '=', id)
            .execute();
        if (state.endsWith('deleted question')) await admin('DELETE', '/question', { id: question });
        return id;
      },
      offers: async (id, as) =>
        names(await call('GET', `/comment?id=${id}`, as), (d: { member_actions: [] }) => d.member_actions),
      actions: {
        report: (id, as) => call('POST', '/report', as, { object_id: id, report_type: SPAM }),
        edit: (id, as) => call('PUT', '/comment', as, { comment_id: id, original_text: unique('An edited comment') }),
        delete: (id, as) => call('DELETE', '/comment', as, { comment_id: id }),
      },
    };

    let tags = 0;
    const slugs = new Map<string, string>();
    kinds.tag = {
      states: ['unused', 'in use', 'deleted'],
      async make(state) {
        const slug = `vis-${process.pid % 1000}-${++tags}`;
        await admin('POST', '/tag', { slug_name: slug, display_name: slug, original_text: 'A tag for a test.' });
        const id = (w.ok(await call('GET', `/tag?name=${slug}`, 'admin'), 'tag') as { tag_id: string }).tag_id;
        slugs.set(id, slug);
        if (state === 'in use') await w.question('alice', slug);
        if (state === 'deleted') await admin('DELETE', '/tag', { tag_id: id });
        return id;
      },
      offers: async (id, as) =>
        names(await call('GET', `/tag?id=${id}`, as), (d: { member_actions: [] }) => d.member_actions),
      actions: {
        edit: (id, as) =>
          call('PUT', '/tag', as, { tag_id: id, slug_name: slugs.get(id), display_name: `Tag ${slugs.get(id)}!` }),
        delete: (id, as) => call('DELETE', '/tag', as, { tag_id: id }),
        // The `merge` action opens the synonym editor (PUT tag/synonym).
        merge: (id, as) => call('PUT', '/tag/synonym', as, { tag_id: id, synonym_tag_list: [] }),
        undelete: (id, as) => call('POST', '/tag/recover', as, { tag_id: id }),
      },
    };
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it.each(['question', 'answer', 'comment', 'tag'])(
    '%s: every offered action is accepted, every refused one unoffered',
    async (kindName) => {
      const kind = kinds[kindName]!;
      const disagreements: string[] = [];
      let offeredSomewhere = 0;
      // Each (role, action) of a state works on an object of its own, so they run side by side.
      for (const state of kind.states) {
        const tries = Object.entries(ROLES).flatMap(([role, as]) =>
          Object.entries(kind.actions).map(async ([action, act]) => {
            const id = await kind.make(state);
            const offered = (await kind.offers(id, as)).includes(action);
            const reply = await act(id, as);
            const accepted = reply.status === 200;
            if (offered) offeredSomewhere += 1;
            if (offered !== accepted && !(accepted && NO_OP_REPEATS.has(`${kindName} ${state} ${action}`)))
              disagreements.push(
                `${state} / ${role} / ${action}: ${offered ? 'offered' : 'not offered'}, server ${reply.status} ${reply.body.reason}`,
              );
          }),
        );
        await Promise.all(tries);
      }
      expect(disagreements.sort()).toEqual([]);
      expect(offeredSomewhere).toBeGreaterThan(0);
    },
  );
});
