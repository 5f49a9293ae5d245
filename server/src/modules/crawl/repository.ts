import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { QUESTION_STATUS, SHOW, TAG_STATUS } from '../post/table';

/** A question a sitemap lists: listed (not unlisted), open or closed; never deleted or waiting for review. */
export interface SitemapQuestionRow {
  id: string;
  title: string;
  updated_at: number;
}

/** A tag a sitemap lists: a live main tag (not a synonym) that some question uses. */
export interface SitemapTagRow {
  slug_name: string;
  updated_at: number;
}

/**
 * How many rows a sitemap of each kind has and when the newest of them changed: the fingerprint the
 * cache compares (a question asked, edited, deleted, hidden or unlisted moves one of the numbers).
 */
export interface SitemapStamp {
  questions: number;
  questionsChanged: number;
  tags: number;
  tagsChanged: number;
}

const listedQuestions = (db: Kysely<DB>) =>
  db
    .selectFrom('question')
    .where('question.show', '=', SHOW.listed)
    .where('question.status', 'in', [QUESTION_STATUS.open, QUESTION_STATUS.closed]);

const listedTags = (db: Kysely<DB>) =>
  db
    .selectFrom('tag')
    .where('tag.status', '=', TAG_STATUS.available)
    .where('tag.main_tag_id', 'is', null)
    .where('tag.question_count', '>', 0);

export async function sitemapStamp(db: Kysely<DB>): Promise<SitemapStamp> {
  const [questions, tags] = await Promise.all([
    listedQuestions(db)
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('question.updated_at').as('changed')])
      .executeTakeFirstOrThrow(),
    listedTags(db)
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('tag.updated_at').as('changed')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    questions: Number(questions.n),
    questionsChanged: Number(questions.changed ?? 0),
    tags: Number(tags.n),
    tagsChanged: Number(tags.changed ?? 0),
  };
}

/** One sitemap file's questions, oldest id first (a question keeps its file as others are added). */
export async function sitemapQuestions(db: Kysely<DB>, offset: number, limit: number): Promise<SitemapQuestionRow[]> {
  const rows = await listedQuestions(db)
    .select(['question.id', 'question.title', 'question.updated_at'])
    .orderBy('question.id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: String(row.id), title: row.title, updated_at: Number(row.updated_at) }));
}

export async function sitemapTags(db: Kysely<DB>, offset: number, limit: number): Promise<SitemapTagRow[]> {
  const rows = await listedTags(db)
    .select(['tag.slug_name', 'tag.updated_at'])
    .orderBy('tag.id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ slug_name: row.slug_name, updated_at: Number(row.updated_at) }));
}
