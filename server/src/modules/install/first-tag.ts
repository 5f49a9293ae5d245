import type { Kysely, Transaction } from 'kysely';
import { newObjectId } from '../../db/ids';
import type { DB } from '../../db/schema';
import { findTagIdBySlug, insertTag } from './repository';

/** The tag every new site starts with. */
const FIRST_TAG = {
  slug: 'support',
  display: 'support',
  markdown: 'Questions about this site itself: accounts, asking and answering, and how things work here.',
  html: '<p>Questions about this site itself: accounts, asking and answering, and how things work here.</p>',
};

/**
 * A fresh install seeds a first tag, `support`. The installer's seeding calls this inside its
 * transaction, after creating the admin; sites installed before the Q&A tables existed got it from
 * migration 20261121070000_qa_core. Does nothing when the tag exists. Returns the tag's id.
 */
export async function ensureFirstTag(
  db: Kysely<DB> | Transaction<DB>,
  input: { userId: number | null; now: number },
): Promise<string> {
  const existing = await findTagIdBySlug(db, FIRST_TAG.slug);
  if (existing) return existing;
  const id = await newObjectId(db, 'tag');
  await insertTag(db, { id, ...FIRST_TAG, userId: input.userId, now: input.now });
  return id;
}
