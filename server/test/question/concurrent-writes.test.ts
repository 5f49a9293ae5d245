import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../db/databases';
import { openSite, type TestSite } from '../support/site';
import { PEOPLE, questionBody } from './helpers';

const { available } = await testDatabases();
const BURST = 30;

/**
 * A member asks many questions on one tag at the same moment, and the admin deletes others meanwhile:
 * every change is applied and counted once. On MySQL an insert (or a change of a tag link) takes a
 * shared lock on the rows its foreign keys name, so a writer that linked first and counted after
 * (writing those rows) deadlocked with its twin on every retry; every writer now counts on the author,
 * then the tags, before it links.
 */
describe.each(available)('questions asked at the same moment on $label', (target) => {
  // The rate limits stay off: a burst from one member is what this is about.
  let s: TestSite<typeof PEOPLE>;
  beforeAll(async () => {
    s = await openSite(target, { members: PEOPLE });
  });
  afterAll(async () => {
    await s?.close();
  });

  const tagCount = async (slug: string) =>
    Number(
      (await s.db.selectFrom('tag').select('question_count').where('slug_name', '=', slug).executeTakeFirstOrThrow())
        .question_count,
    );
  const userCount = async (id: number) =>
    Number(
      (await s.db.selectFrom('user').select('question_count').where('id', '=', id).executeTakeFirstOrThrow())
        .question_count,
    );

  it(`${BURST} questions of one member on one tag: each accepted and counted once`, async () => {
    const before = { tag: await tagCount('support'), user: await userCount(13) };
    const replies = await Promise.all(
      Array.from({ length: BURST }, () =>
        s.call<{ id: string }>({ method: 'POST', url: '/question', as: 'rich', payload: questionBody() }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    expect(await tagCount('support')).toBe(before.tag + BURST);
    expect(await userCount(13)).toBe(before.user + BURST);
  });

  it(`${BURST} questions deleted by the admin while their author asks ${BURST} more: all applied, counts right`, async () => {
    const ask = () => s.call<{ id: string }>({ method: 'POST', url: '/question', as: 'rich', payload: questionBody() });
    const old = await Promise.all(Array.from({ length: BURST }, ask));
    const before = { tag: await tagCount('support'), user: await userCount(13) };
    const replies = await Promise.all([
      ...old.map((q) => s.call({ method: 'DELETE', url: '/question', as: 'admin', payload: { id: q.body.data.id } })),
      ...Array.from({ length: BURST }, ask),
    ]);
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    expect(await tagCount('support')).toBe(before.tag);
    expect(await userCount(13)).toBe(before.user);
  });

  it(`${BURST} questions unlisted by the admin while their author asks ${BURST} more: all applied`, async () => {
    const ask = () => s.call<{ id: string }>({ method: 'POST', url: '/question', as: 'rich', payload: questionBody() });
    const old = await Promise.all(Array.from({ length: BURST }, ask));
    const before = await tagCount('support');
    const hide = (id: string) =>
      s.call({ method: 'PUT', url: '/question/operation', as: 'admin', payload: { id, operation: 'hide' } });
    const replies = await Promise.all([...old.map((q) => hide(q.body.data.id)), ...Array.from({ length: BURST }, ask)]);
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    // Unlisted questions leave their tags' counts; the new ones join them.
    expect(await tagCount('support')).toBe(before);
  });
});
