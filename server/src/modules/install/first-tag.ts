import type { Kysely, Transaction } from 'kysely';
import { newObjectId } from '../../db/ids';
import type { DB } from '../../db/schema';

const SUPPORT_DESCRIPTION =
  'Questions about this site itself: accounts, asking and answering, and how things work here.';

/**
 * A fresh site has one tag, `support`, as Apache Answer's install seeds it. The installer's seeding
 * calls this inside its transaction, after creating the admin; sites installed before the Q&A tables
 * existed got it from migration 20261121070000_qa_core. Does nothing when the tag exists. Returns the
 * tag's id.
 */
export async function ensureFirstTag(
  db: Kysely<DB> | Transaction<DB>,
  input: { userId: number | null; now: number },
): Promise<string> {
  const existing = await db.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirst();
  if (existing) return existing.id;
  const id = await newObjectId(db, 'tag');
  await db
    .insertInto('tag')
    .values({
      id,
      main_tag_id: null,
      main_tag_slug_name: '',
      slug_name: 'support',
      display_name: 'support',
      original_text: SUPPORT_DESCRIPTION,
      parsed_text: `<p>${SUPPORT_DESCRIPTION}</p>`,
      status: 1,
      recommend: 0,
      reserved: 0,
      revision_id: null,
      user_id: input.userId,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
  return id;
}
