import type { SearchResp } from '@agora/shared-api/contract';
import { expect } from 'vitest';
import type { TestDatabase } from '../db/databases';
import { searchSite, type Person, type SearchSite } from './helpers';

// The posts the search suites look for: questions and answers with known words, tags and a synonym,
// every visibility a post can have (closed, deleted, unlisted, pending), and pairs to order.

export type QuestionKey =
  | 'nginx'
  | 'volumes'
  | 'compose'
  | 'cjk'
  | 'visible'
  | 'closed'
  | 'deleted'
  | 'hidden'
  | 'pending'
  | 'go'
  | 'pelican'
  | 'seabird';
export type AnswerKey = 'nginx' | 'volumes' | 'deleted' | 'ofDeleted';

export interface SearchPosts {
  site: SearchSite;
  /** Question ids by key. */
  q: Record<QuestionKey, string>;
  /** Answer ids by key. */
  a: Record<AnswerKey, string>;
}

export const ids = (resp: SearchResp) => resp.list.map((item) => item.object.id).sort();
export const kinds = (resp: SearchResp) => resp.list.map((item) => `${item.object_type}:${item.object.id}`);

/** GET search's data for a query; fails the test unless the answer is 200. */
export function searchFound(site: () => SearchSite) {
  return async (query: string, extra: Record<string, string | number> = {}, as?: Extract<Person, 'alice' | 'bob'>) => {
    const res = await site().search(query, extra, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
}

/** A search site holding the posts above, written through the API where a member would write them. */
export async function searchPosts(target: TestDatabase): Promise<SearchPosts> {
  const s = await searchSite(target);
  const q = {} as Record<QuestionKey, string>;
  const a = {} as Record<AnswerKey, string>;
  const docker = await s.tag('docker');
  await s.tag('nginx');
  await s.tag('docker-ce', { id: docker, slug: 'docker' });
  q.nginx = await s.ask(
    'alice',
    'Configure nginx reverse proxy',
    'Use proxy_pass with an upstream block, then reload the zebrafish server.',
    ['nginx'],
  );
  q.volumes = await s.ask(
    'bob',
    'Docker volumes on Linux hosts',
    'Mount a named volume with the -v flag and a zebrafish label.',
    ['docker'],
  );
  q.compose = await s.ask('bob', 'Docker compose networking basics', 'Services reach each other by name.', [
    'docker-ce',
  ]);
  a.nginx = await s.answer('bob', q.nginx, 'Set the Host header and the zebrafish upstream works.');
  a.volumes = await s.answer('alice', q.volumes, 'Bind mounts are simpler than volumes here.');
  q.cjk = await s.ask('alice', '如何配置数据库连接池', '我们使用连接池来配置数据库，效果很好。');

  // Visibility: only the visible and the closed question, no deleted answer, no answer of a deleted question.
  q.visible = await s.ask('alice', 'Visible quokka question', 'The quokka body of a visible question.');
  q.closed = await s.ask('alice', 'Closed quokka question', 'The quokka body of a closed question.');
  q.deleted = await s.ask('alice', 'Deleted quokka question', 'The quokka body of a deleted question.');
  q.hidden = await s.ask('alice', 'Unlisted quokka question', 'The quokka body of an unlisted question.');
  q.pending = await s.ask('alice', 'Pending quokka question', 'The quokka body of a pending question.');
  a.deleted = await s.answer('bob', q.visible, 'A quokka answer that gets deleted.');
  a.ofDeleted = await s.answer('bob', q.deleted, 'A quokka answer on a question that gets deleted.');
  expect((await s.call({ method: 'DELETE', url: '/question', as: 'alice', payload: { id: q.deleted } })).status).toBe(
    200,
  );
  await s.db.updateTable('question').set({ status: 2 }).where('id', '=', q.closed).execute();
  await s.db.updateTable('question').set({ show: 2 }).where('id', '=', q.hidden).execute();
  await s.db.updateTable('question').set({ status: 11 }).where('id', '=', q.pending).execute();
  await s.db.updateTable('answer').set({ status: 10 }).where('id', '=', a.deleted).execute();

  q.go = await s.ask('alice', 'Go channels in a for loop', 'Closing a channel ends the range loop.');

  // Orders.
  q.pelican = await s.ask(
    'alice',
    'Pelican feeding schedule',
    'How often does a pelican eat fish in the zoo, and how much?',
  );
  q.seabird = await s.ask(
    'bob',
    'Seabird notes from the coast',
    `${'Gulls, terns and cormorants were counted along the cliffs during the morning walk. '.repeat(4)}One pelican too.`,
  );
  return { site: s, q, a };
}
