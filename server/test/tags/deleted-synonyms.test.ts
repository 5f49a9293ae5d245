import type { TagSynonyms } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { tagsSite, type Person, type TagsSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

describe.each(available)('the synonyms of a deleted tag on $label', (target) => {
  let s: TagsSite;
  let id: string;

  beforeAll(async () => {
    s = await tagsSite(target);
    const created = await s.call({
      method: 'POST',
      url: '/tag',
      as: 'admin',
      payload: { slug_name: 'gone-soon', display_name: 'Gone soon' },
    });
    expect(created.status, created.body.msg).toBe(200);
    id = await s.idOf('gone-soon');
    const deleted = await s.call({ method: 'DELETE', url: '/tag', as: 'admin', payload: { tag_id: id } });
    expect(deleted.status, deleted.body.msg).toBe(200);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const synonyms = (as?: Person) => s.call<TagSynonyms>({ method: 'GET', url: `/tag/synonyms?tag_id=${id}`, as });

  it('are none, with nothing to edit, for those who may see the deleted tag', async () => {
    for (const who of ['mod', 'admin'] as const) {
      const res = await synonyms(who);
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data).toEqual({ synonyms: [], member_actions: [] });
    }
  });

  it('stay hidden, as the tag is, from everyone else', async () => {
    for (const who of [undefined, 'rich'] as const) {
      const res = await synonyms(who);
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe('error.tag.not_found');
    }
  });
});
