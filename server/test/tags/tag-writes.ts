import type { Revision, TagInfo } from '@agora/shared-api/contract';
import { expect } from 'vitest';
import type { Person, TagsSite } from './helpers';

// The calls the tag write suites make, and the tags the deletion suite starts from.

export type Fields = { error_field: string; error_msg: string }[];

/** POST tag, PUT tag, GET tag, a post's activity keys and GET revisions on the site `site()` gives. */
export function tagWrites(site: () => TagsSite) {
  const create = (as: Person, payload: Record<string, unknown>, lang = 'en-US') =>
    site().call<unknown>({ method: 'POST', url: '/tag', as, payload, headers: { 'accept-language': lang } });
  const edit = (as: Person, payload: Record<string, unknown>) =>
    site().call<{ wait_for_review: boolean }>({ method: 'PUT', url: '/tag', as, payload });
  const info = async (slug: string) =>
    (await site().call<TagInfo>({ method: 'GET', url: `/tag?name=${encodeURIComponent(slug)}` })).body.data;
  const activities = async (objectId: string) =>
    (
      await site()
        .db.selectFrom('activity')
        .innerJoin('config', 'config.id', 'activity.activity_type')
        .select(['config.key', 'activity.user_id'])
        .where('activity.object_id', '=', objectId)
        .orderBy('activity.id')
        .execute()
    ).map((a) => `${a.key}:${a.user_id}`);
  const history = (objectId: string, as: Person = 'alice') =>
    site().call<Revision[]>({ method: 'GET', url: `/revisions?object_id=${objectId}`, as });
  return { create, edit, info, activities, history };
}

/**
 * The tags a site has after the create and edit suite: w-enough (unused), w-moderated with its synonym
 * w-mod-alias, and c++.net#- created by the admin.
 */
export async function seedWrittenTags(s: TagsSite): Promise<void> {
  const { create } = tagWrites(() => s);
  for (const [slug_name, display_name] of [
    ['w-enough', 'Enough'],
    ['w-moderated', 'Moderated'],
    ['c++.net#-', 'Odd'],
  ]) {
    const created = await create('admin', { slug_name, display_name });
    expect(created.status, created.body.msg).toBe(200);
  }
  const synonym = await s.call({
    method: 'PUT',
    url: '/tag/synonym',
    as: 'mod',
    payload: { tag_id: await s.idOf('w-moderated'), synonym_tag_list: [{ slug_name: 'w-mod-alias' }] },
  });
  expect(synonym.status, synonym.body.msg).toBe(200);
}
