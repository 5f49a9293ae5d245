import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import { searchIndex } from './20261123090000_search_index';
import type { AnyDb } from './helpers';

/*
 * SQLite only: each post's tags in its full-text row, so `[tag] words` is one FTS5 MATCH (the search target
 * of docs/performance/search.md: p50 under 20 ms at 100 000 posts). Before, the search walked every post having the words
 * and looked its tag links up one by one.
 *
 * `search_fts` gains a column `tags`: the token t<tag id> of every available tag link of the question
 * (an answer carries its question's). Triggers on tag_rel index the question and its answers again
 * when a link is added, changed or removed; they find the links by `tag_rel (object_id, tag_id)` and
 * the answers by `answer (question_id, …)`. A bulk load that drops those indexes (the demo) must drop
 * these triggers too and call `refillSqliteSearch` afterwards: `SQLITE_SEARCH_TRIGGER_PREFIX` names
 * them. PostgreSQL and MySQL keep searching tags through tag_rel (unchanged).
 *
 * Also (SQLite): `question_search_newest` and `question_search_score`, the questions in those orders
 * with their visibility and filter columns, so a search without words (`score:N`, `answers:N`) pages
 * questions along an index instead of sorting all of them.
 */

/** Every trigger that keeps `search_fts` in step starts with this (see `refillSqliteSearch`). */
export const SQLITE_SEARCH_TRIGGER_PREFIX = 'search_';

const POST_TRIGGERS = [
  'search_question_ai',
  'search_question_au',
  'search_question_ad',
  'search_question_shown',
  'search_answer_ai',
  'search_answer_au',
  'search_answer_ad',
];
const TAG_TRIGGERS = ['search_tag_rel_ai', 'search_tag_rel_au', 'search_tag_rel_ad'];

const FTS_COLUMNS = 'rowid, title, body, hidden, author, tags';
/** The tag tokens of question `id` (an SQL expression). */
const tagTokens = (id: string) =>
  `coalesce((select group_concat('t' || r.tag_id, ' ') from tag_rel r
    where r.object_id = ${id} and r.status = 1), '')`;
const questionRow = (q: string) =>
  `cast(${q}.id as integer), ${q}.title, ${q}.original_text,
   case when ${q}.status in (1, 2) and ${q}.show = 1 then '' else 'x' end, 'u' || ${q}.user_id, ${tagTokens(`${q}.id`)}`;
const answerRow = (a: string) =>
  `cast(${a}.id as integer), '', ${a}.original_text,
   case when ${a}.status = 1 and exists (select 1 from question vq where vq.id = ${a}.question_id
     and vq.status in (1, 2) and vq.show = 1) then '' else 'x' end, 'u' || ${a}.user_id, ${tagTokens(`${a}.question_id`)}`;
const questionVisible = (q: string) => `(${q}.status in (1, 2) and ${q}.show = 1)`;

/** Statements that index question `id` and its answers again (tags or visibility changed). */
const reindexQuestion = (id: string) => `
  delete from search_fts where rowid = cast(${id} as integer);
  insert into search_fts(${FTS_COLUMNS}) select ${questionRow('q')} from question q where q.id = ${id};`;
const reindexAnswers = (questionId: string) => `
  delete from search_fts where rowid in (select cast(id as integer) from answer where question_id = ${questionId});
  insert into search_fts(${FTS_COLUMNS}) select ${answerRow('a')} from answer a where a.question_id = ${questionId};`;

/** The triggers, by name: what the migration creates and a bulk load puts back (by their stored SQL). */
function triggers(): [name: string, event: string, body: string][] {
  const del = 'delete from search_fts where rowid = cast(old.id as integer);';
  return [
    [
      'search_question_ai',
      'after insert on question',
      `insert into search_fts(${FTS_COLUMNS}) values (${questionRow('new')});`,
    ],
    [
      'search_question_au',
      'after update of title, original_text, status, show on question',
      `${del} insert into search_fts(${FTS_COLUMNS}) values (${questionRow('new')});`,
    ],
    ['search_question_ad', 'after delete on question', del],
    // A question shown or hidden shows or hides its answers.
    [
      'search_question_shown',
      `after update of status, show on question when ${questionVisible('old')} <> ${questionVisible('new')}`,
      reindexAnswers('new.id'),
    ],
    [
      'search_answer_ai',
      'after insert on answer',
      `insert into search_fts(${FTS_COLUMNS}) values (${answerRow('new')});`,
    ],
    [
      'search_answer_au',
      'after update of original_text, status on answer',
      `${del} insert into search_fts(${FTS_COLUMNS}) values (${answerRow('new')});`,
    ],
    ['search_answer_ad', 'after delete on answer', del],
    // A tag link added, changed (status, tag, question) or removed: its question(s) and their answers.
    [
      'search_tag_rel_ai',
      'after insert on tag_rel',
      reindexQuestion('new.object_id') + reindexAnswers('new.object_id'),
    ],
    [
      'search_tag_rel_au',
      `after update of object_id, tag_id, status on tag_rel when old.object_id is not new.object_id
        or old.tag_id is not new.tag_id or old.status is not new.status`,
      reindexQuestion('new.object_id') +
        reindexAnswers('new.object_id') +
        `delete from search_fts where old.object_id <> new.object_id and rowid = cast(old.object_id as integer);
         insert into search_fts(${FTS_COLUMNS}) select ${questionRow('q')} from question q
           where old.object_id <> new.object_id and q.id = old.object_id;
         delete from search_fts where old.object_id <> new.object_id and rowid in
           (select cast(id as integer) from answer where question_id = old.object_id);
         insert into search_fts(${FTS_COLUMNS}) select ${answerRow('a')} from answer a
           where old.object_id <> new.object_id and a.question_id = old.object_id;`,
    ],
    [
      'search_tag_rel_ad',
      'after delete on tag_rel',
      reindexQuestion('old.object_id') + reindexAnswers('old.object_id'),
    ],
  ];
}

/**
 * Index every post again from scratch (SQLite): after a bulk load that ran without the triggers, with
 * the tables' indexes in place (the tag and visibility lookups use them).
 */
export async function refillSqliteSearch(db: AnyDb): Promise<void> {
  await sql`insert into search_fts(search_fts) values ('delete-all')`.execute(db);
  await sql`insert into search_fts(${sql.raw(FTS_COLUMNS)}) select ${sql.raw(questionRow('q'))} from question q`.execute(
    db,
  );
  await sql`insert into search_fts(${sql.raw(FTS_COLUMNS)}) select ${sql.raw(answerRow('a'))} from answer a`.execute(
    db,
  );
}

async function dropTriggers(db: AnyDb) {
  for (const name of [...POST_TRIGGERS, ...TAG_TRIGGERS])
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
}

async function sqliteUp(db: AnyDb) {
  await dropTriggers(db);
  await sql`drop table if exists search_fts`.execute(db);
  await sql`create virtual table search_fts using fts5(title, body, hidden, author, tags,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db);
  // Only the text weighs in bm25 (title 4 times the body).
  await sql`insert into search_fts(search_fts, rank) values ('rank', 'bm25(4.0, 1.0, 0.0, 0.0, 0.0)')`.execute(db);
  for (const [name, event, body] of triggers())
    await sql`create trigger ${sql.raw(name)} ${sql.raw(event)} begin ${sql.raw(body)} end`.execute(db);
  await refillSqliteSearch(db);
  await sql`create index if not exists question_search_newest on question
    (created_at, id, status, show, vote_count, answer_count)`.execute(db);
  await sql`create index if not exists question_search_score on question
    (vote_count, created_at, id, status, show, answer_count)`.execute(db);
}

/** Post tags in SQLite's full-text rows (see the comment above); nothing on PostgreSQL and MySQL. */
export const searchTags: Migration = {
  async up(db: AnyDb) {
    if (dialectOf(db) === 'sqlite3') await sqliteUp(db);
  },
  async down(db: AnyDb) {
    if (dialectOf(db) !== 'sqlite3') return;
    // Back to the layout of 20261123090000_search_index: its own down and up rebuild it.
    await dropTriggers(db);
    await sql`drop index if exists question_search_newest`.execute(db);
    await sql`drop index if exists question_search_score`.execute(db);
    await searchIndex.down!(db);
    await searchIndex.up(db);
  },
};
