import type { PostTagInput, TagResp } from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { renderMarkdown } from '../../lib/markdown';
import type { Permit } from '../post/actor';
import { insertTag, selectRecommendedNames, selectTagsByIds, selectTagsBySlugs, updateTag } from './repository';
import { TAG_SLUG, TAG_STATUS } from './table';

/** Tags of a post: existing ids, or slugs to create (id set: a deleted tag to bring back). */
export interface TagPlan {
  entries: {
    id: string | null;
    slug?: string;
    displayName?: string;
    description?: string;
    /** An existing tag's (main tag's) flags; tags to create are neither. */
    recommend?: boolean;
    reserved?: boolean;
  }[];
  /** On an edit: the post's tags before it (keeping a reserved tag needs no permission). */
  current?: { id: string; reserved: boolean }[];
}

/**
 * The tags a post names (read outside any transaction, so permission checks may read too): existing
 * available tags (main tags for synonyms), and the slugs to create or bring back.
 */
export async function planTags(db: Kysely<DB>, input: PostTagInput[], current?: TagPlan['current']): Promise<TagPlan> {
  const wanted = new Map<string, PostTagInput>();
  for (const tag of input) {
    const slug = tag.slug_name.trim().toLowerCase();
    if (!TAG_SLUG.test(slug)) throw ApiFailure.fields([{ field: 'tags', reason: 'error.tag.slug_invalid' }]);
    if (!wanted.has(slug)) wanted.set(slug, tag);
  }
  const slugs = [...wanted.keys()];
  const found = await selectTagsBySlugs(db, slugs);
  const bySlug = new Map(found.map((tag) => [tag.slug_name, tag]));
  const mainIds = [...new Set(found.map((t) => t.main_tag_id).filter((id): id is string => !!id))];
  const mainById = new Map((await selectTagsByIds(db, mainIds)).map((tag) => [tag.id, tag]));
  const entries: TagPlan['entries'] = [];
  for (const slug of slugs) {
    let tag = bySlug.get(slug);
    if (tag?.main_tag_id) {
      const main = mainById.get(tag.main_tag_id);
      if (main && main.status === TAG_STATUS.available)
        tag = { ...tag, id: main.id, recommend: main.recommend, reserved: main.reserved, status: 1 };
    }
    if (tag && tag.status === TAG_STATUS.available) {
      if (!entries.some((e) => e.id === tag.id))
        entries.push({ id: tag.id, recommend: tag.recommend === 1, reserved: tag.reserved === 1 });
      continue;
    }
    const named = wanted.get(slug)!;
    entries.push({
      id: tag?.id ?? null,
      slug,
      displayName: named.display_name?.trim() || slug,
      description: named.original_text?.trim() ?? '',
      // A deleted tag brought back keeps its flags.
      reserved: tag?.reserved === 1,
    });
  }
  return current ? { entries, current } : { entries };
}

/** The permissions a tag plan needs: tag.add to create, tag.use_reserved_tag to add or drop a reserved tag. */
export async function permitTags(plan: TagPlan, permit: Permit): Promise<void> {
  if (plan.entries.some((e) => e.slug !== undefined)) await permit('tag.add');
  const kept = new Set((plan.current ?? []).map((t) => t.id));
  const named = new Set(plan.entries.flatMap((e) => (e.id ? [e.id] : [])));
  const addsReserved = plan.entries.some((e) => e.reserved && !(e.id && kept.has(e.id)));
  const dropsReserved = (plan.current ?? []).some((t) => t.reserved && !named.has(t.id));
  if (addsReserved || dropsReserved) await permit('tag.use_reserved_tag');
}

/** Display names of the recommended tags (what a new question without one is told to pick). */
export function recommendedTagNames(db: Kysely<DB>): Promise<string[]> {
  return selectRecommendedNames(db);
}

/** Creates (or brings back) the planned tags, in the post's transaction: their ids in the order named. */
export async function createPlannedTags(
  trx: Transaction<DB>,
  plan: TagPlan,
  userId: number,
  now: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of plan.entries) {
    if (entry.slug === undefined) {
      ids.push(entry.id!);
      continue;
    }
    if (entry.id) {
      // A deleted tag of that slug comes back (the slug is unique).
      await updateTag(trx, entry.id, {
        status: TAG_STATUS.available,
        main_tag_id: null,
        main_tag_slug_name: '',
        updated_at: now,
      });
      ids.push(entry.id);
      continue;
    }
    const id = await insertTag(trx, {
      main_tag_id: null,
      main_tag_slug_name: '',
      slug_name: entry.slug,
      display_name: entry.displayName!,
      original_text: entry.description!,
      parsed_text: renderMarkdown(entry.description!),
      revision_id: null,
      user_id: userId,
      now,
    });
    ids.push(id);
  }
  return [...new Set(ids)];
}

/** The tags of these ids as a question's first revision records them, in the order given. */
export async function tagSnapshots(trx: Transaction<DB>, ids: string[]): Promise<TagResp[]> {
  const rows = await selectTagsByIds(trx, ids);
  return ids.map((id) => {
    const tag = rows.find((t) => t.id === id)!;
    return {
      slug_name: tag.slug_name,
      display_name: tag.display_name,
      main_tag_slug_name: tag.main_tag_slug_name,
      recommend: tag.recommend === 1,
      reserved: tag.reserved === 1,
    };
  });
}

/**
 * The tags a question revision names (tag objects when it was asked, tag ids or new slugs on an edit)
 * as the input of a post: by slug, in the order named.
 */
export async function snapshotTagInput(db: Kysely<DB>, named: unknown[]): Promise<PostTagInput[]> {
  const ids = named.filter((t): t is string => typeof t === 'string' && objectTypeOf(t) === 'tag');
  const slugById = new Map((await selectTagsByIds(db, ids)).map((t) => [t.id, t.slug_name]));
  return named.flatMap((tag): PostTagInput[] => {
    if (typeof tag === 'string') {
      const slug = objectTypeOf(tag) === 'tag' ? slugById.get(tag) : tag;
      return slug ? [{ slug_name: slug }] : [];
    }
    const slug = tag && typeof tag === 'object' ? (tag as { slug_name?: unknown }).slug_name : undefined;
    return typeof slug === 'string' && slug ? [{ slug_name: slug }] : [];
  });
}
