import type { TagResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { selectSnapshotTags } from './repository';
import type { RevisionSnapshot } from './table';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The key a tag of a question snapshot is found by: an id, a slug, or a tag object's slug. */
function tagKey(tag: unknown): string {
  if (typeof tag === 'string') return objectTypeOf(tag) === 'tag' ? `id:${tag}` : `slug:${tag}`;
  if (tag && typeof tag === 'object') return `obj:${text((tag as Record<string, unknown>).slug_name)}`;
  return '';
}

const tagResp = (row: {
  slug_name: string;
  display_name: string;
  main_tag_slug_name: string;
  recommend: number;
  reserved: number;
}): TagResp => ({
  slug_name: row.slug_name,
  display_name: row.display_name,
  main_tag_slug_name: row.main_tag_slug_name,
  recommend: Number(row.recommend) === 1,
  reserved: Number(row.reserved) === 1,
});

/** The tags question snapshots name, as posts show them; `of` gives one snapshot's list. */
export interface SnapshotTags {
  of(snapshot: RevisionSnapshot): TagResp[];
}

/**
 * The tags question snapshots name: a question's first revision holds tag objects, its edits hold tag
 * ids (or slugs of tags a suggested edit would create, shown as themselves when nobody created them).
 */
export async function snapshotTags(db: Kysely<DB>, snapshots: RevisionSnapshot[]): Promise<SnapshotTags> {
  const out = new Map<string, TagResp>();
  const ids = new Set<string>();
  const slugs = new Set<string>();
  const named = (snapshot: RevisionSnapshot) => (Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : []);
  for (const snapshot of snapshots) {
    for (const tag of named(snapshot)) {
      if (typeof tag === 'string') {
        if (objectTypeOf(tag) === 'tag') ids.add(tag);
        else slugs.add(tag);
      } else if (tag && typeof tag === 'object') {
        const t = tag as Record<string, unknown>;
        out.set(tagKey(tag), {
          slug_name: text(t.slug_name),
          display_name: text(t.display_name) || text(t.slug_name),
          main_tag_slug_name: text(t.main_tag_slug_name),
          recommend: t.recommend === true,
          reserved: t.reserved === true,
        });
      }
    }
  }
  for (const row of await selectSnapshotTags(db, [...ids], [...slugs])) {
    if (ids.has(row.id)) out.set(`id:${row.id}`, tagResp(row));
    if (slugs.has(row.slug_name)) out.set(`slug:${row.slug_name}`, tagResp(row));
  }
  for (const slug of slugs)
    if (!out.has(`slug:${slug}`))
      out.set(`slug:${slug}`, {
        slug_name: slug,
        display_name: slug,
        main_tag_slug_name: '',
        recommend: false,
        reserved: false,
      });
  return {
    of: (snapshot) =>
      named(snapshot).flatMap((tag) => {
        const found = out.get(tagKey(tag));
        return found ? [found] : [];
      }),
  };
}
