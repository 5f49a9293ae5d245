import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { SITE_INFO_TYPES } from '../site-info/store';

/** Every query of the installer besides the settings writes (site-info) and config writes (config). */
type Db = Kysely<DB> | Transaction<DB>;

/** Whether the `general` settings row exists (the install transaction writes it last). */
export async function hasGeneralSettings(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('site_info')
    .select('type')
    .where('type', '=', SITE_INFO_TYPES.general)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findTagIdBySlug(db: Db, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirst();
  return row?.id;
}

/** Inserts an available main tag (not recommended, not reserved, no revision). */
export async function insertTag(
  db: Db,
  tag: {
    id: string;
    slug: string;
    display: string;
    markdown: string;
    html: string;
    userId: number | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('tag')
    .values({
      id: tag.id,
      main_tag_id: null,
      main_tag_slug_name: '',
      slug_name: tag.slug,
      display_name: tag.display,
      original_text: tag.markdown,
      parsed_text: tag.html,
      status: 1,
      recommend: 0,
      reserved: 0,
      revision_id: null,
      user_id: tag.userId,
      created_at: tag.now,
      updated_at: tag.now,
    })
    .execute();
}
