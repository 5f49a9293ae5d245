import { sql, type Migration } from 'kysely';
import { dialectOf } from '../dialect';
import type { AnyDb } from './helpers';

/*
 * Full-text search indexes of questions and answers, kept in step by the DATABASE on every
 * insert, update and delete of a post, so no write path of the app can forget them. Every post is
 * indexed whatever its status: visibility (deleted, pending, unlisted) is decided when searching.
 *
 * - SQLite: one contentless FTS5 table `search_fts(title, body)` (unicode61, diacritics removed),
 *   rowid = the post's 17-digit object id as an integer (question and answer ids differ in their type
 *   digits, so one table holds both), maintained by triggers; bm25 weighs the title 4 times the body.
 * - PostgreSQL: a generated stored column `search_vector` on question (title weight A, body B) and
 *   answer (body), 'simple' configuration (no stemming, no stop words: any language tokenises), GIN.
 * - MySQL/MariaDB: the post columns are utf8mb4_bin, where FULLTEXT would match case-sensitively, so
 *   the text is copied into `search_doc` (utf8mb4_unicode_ci) by triggers, with FULLTEXT indexes on
 *   (title) and (title, body). Words under innodb_ft_min_token_size (3) and InnoDB's stop words are
 *   not in that index: the search matches them with LIKE (modules/search).
 */

const TRIGGERS = [
  'search_question_ai',
  'search_question_au',
  'search_question_ad',
  'search_question_shown',
  'search_answer_ai',
  'search_answer_au',
  'search_answer_ad',
];

/*
 * SQLite's FTS5 row of a post. Besides the text: `hidden` = the token x for what the public cannot see
 * (question deleted, pending or unlisted; answer not available or on such a question), `author` =
 * u<user id>. So a word search, with a user: filter too, is answered from the index alone, its count
 * included. Only the text weighs in bm25. (Tags are not in it: a question's tag links change apart
 * from the post, and the triggers may only use primary keys, which the demo's bulk load keeps.)
 */
const FTS_COLUMNS = 'rowid, title, body, hidden, author';
const questionRow = (q: string) =>
  `cast(${q}.id as integer), ${q}.title, ${q}.original_text,
   case when ${q}.status in (1, 2) and ${q}.show = 1 then '' else 'x' end, 'u' || ${q}.user_id`;
const answerRow = (a: string) =>
  `cast(${a}.id as integer), '', ${a}.original_text,
   case when ${a}.status = 1 and exists (select 1 from question vq where vq.id = ${a}.question_id
     and vq.status in (1, 2) and vq.show = 1) then '' else 'x' end, 'u' || ${a}.user_id`;
const questionVisible = (q: string) => `(${q}.status in (1, 2) and ${q}.show = 1)`;

/** Statements that index a question's answers again (their visibility follows the question). */
const reindexAnswers = (questionId: string) => `
  delete from search_fts where rowid in (select cast(id as integer) from answer where question_id = ${questionId});
  insert into search_fts(${FTS_COLUMNS}) select ${answerRow('a')} from answer a where a.question_id = ${questionId};`;

async function sqliteUp(db: AnyDb) {
  await sql`create virtual table if not exists search_fts using fts5(title, body, hidden, author,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`insert into search_fts(search_fts, rank) values ('rank', 'bm25(4.0, 1.0, 0.0, 0.0)')`.execute(db);
  const trigger = (name: string, event: string, body: string) =>
    sql`create trigger if not exists ${sql.raw(name)} ${sql.raw(event)} begin ${sql.raw(body)} end`.execute(db);
  const del = 'delete from search_fts where rowid = cast(old.id as integer);';
  await trigger(
    'search_question_ai',
    'after insert on question',
    `insert into search_fts(${FTS_COLUMNS}) values (${questionRow('new')});`,
  );
  await trigger(
    'search_question_au',
    'after update of title, original_text, status, show on question',
    `${del} insert into search_fts(${FTS_COLUMNS}) values (${questionRow('new')});`,
  );
  await trigger('search_question_ad', 'after delete on question', del);
  // A question shown or hidden shows or hides its answers.
  await trigger(
    'search_question_shown',
    `after update of status, show on question when ${questionVisible('old')} <> ${questionVisible('new')}`,
    reindexAnswers('new.id'),
  );
  await trigger(
    'search_answer_ai',
    'after insert on answer',
    `insert into search_fts(${FTS_COLUMNS}) values (${answerRow('new')});`,
  );
  await trigger(
    'search_answer_au',
    'after update of original_text, status on answer',
    `${del} insert into search_fts(${FTS_COLUMNS}) values (${answerRow('new')});`,
  );
  await trigger('search_answer_ad', 'after delete on answer', del);
  // The search joins each match to its post by id and reads only these columns: covering indexes keep
  // it from loading rows whose long bodies put the status behind overflow pages.
  await sql`create index if not exists question_search_cover on question
    (id, status, show, user_id, vote_count, answer_count, created_at, post_update_time)`.execute(db);
  await sql`create index if not exists answer_search_cover on answer
    (id, status, question_id, user_id, vote_count, created_at, updated_at)`.execute(db);
  // A search without words pages the answers in its order (modules/search `#filtersOnly`; questions
  // sort their covering index, which holds every sort key).
  await sql`create index if not exists answer_search_newest on answer (created_at, id)`.execute(db);
  await sql`create index if not exists answer_search_active on answer (updated_at, id)`.execute(db);
  await sql`create index if not exists answer_search_score on answer
    (vote_count, created_at, id, status, question_id)`.execute(db);
  // … and the answers of a [tag]'s questions, from this index alone.
  await sql`create index if not exists answer_search_question on answer
    (question_id, status, id, user_id, vote_count, created_at, updated_at)`.execute(db);
  // Index what is there (the migration is one transaction on SQLite: start from empty).
  await sql`insert into search_fts(search_fts) values ('delete-all')`.execute(db);
  await sql`insert into search_fts(${sql.raw(FTS_COLUMNS)}) select ${sql.raw(questionRow('q'))} from question q`.execute(
    db,
  );
  await sql`insert into search_fts(${sql.raw(FTS_COLUMNS)}) select ${sql.raw(answerRow('a'))} from answer a`.execute(
    db,
  );
}

async function sqliteDown(db: AnyDb) {
  for (const name of TRIGGERS) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  await sql`drop index if exists question_search_cover`.execute(db);
  for (const order of ['newest', 'active', 'score', 'question'])
    await sql`drop index if exists ${sql.raw(`answer_search_${order}`)}`.execute(db);
  await sql`drop index if exists answer_search_cover`.execute(db);
  await sql`drop table if exists search_fts`.execute(db);
}

async function postgresUp(db: AnyDb) {
  await sql`alter table question add column if not exists search_vector tsvector generated always as (
    setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(original_text, '')), 'B')) stored`.execute(db);
  await sql`alter table answer add column if not exists search_vector tsvector generated always as (
    to_tsvector('simple'::regconfig, coalesce(original_text, ''))) stored`.execute(db);
  await sql`create index if not exists question_search_idx on question using gin (search_vector)`.execute(db);
  await sql`create index if not exists answer_search_idx on answer using gin (search_vector)`.execute(db);
}

async function postgresDown(db: AnyDb) {
  await sql`drop index if exists question_search_idx`.execute(db);
  await sql`drop index if exists answer_search_idx`.execute(db);
  await sql`alter table question drop column if exists search_vector`.execute(db);
  await sql`alter table answer drop column if exists search_vector`.execute(db);
}

async function mysqlIndexExists(db: AnyDb, name: string): Promise<boolean> {
  const result = await sql<{ n: number }>`
    select count(*) as n from information_schema.statistics
    where table_schema = database() and table_name = 'search_doc' and index_name = ${name}`.execute(db);
  return Number(result.rows[0]?.n ?? 0) > 0;
}

async function mysqlUp(db: AnyDb) {
  await sql`create table if not exists search_doc (
    object_id varchar(20) not null primary key,
    title varchar(150) not null,
    body mediumtext not null
  ) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`.execute(db);
  // Every step below can run again over its own partial work (MySQL has no transactional DDL).
  for (const name of TRIGGERS) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  for (const [table, title] of [
    ['question', 'title'],
    ['answer', "''"],
  ] as const) {
    const t = sql.table(table);
    const newTitle = sql.raw(title === 'title' ? 'new.title' : "''");
    await sql`create trigger ${sql.raw(`search_${table}_ai`)} after insert on ${t} for each row
      insert into search_doc (object_id, title, body) values (new.id, ${newTitle}, new.original_text)
      on duplicate key update title = values(title), body = values(body)`.execute(db);
    // Only a changed text touches the index (votes, counters and status updates do not).
    const changed = sql.raw(
      table === 'question'
        ? 'not (old.title <=> new.title and old.original_text <=> new.original_text)'
        : 'not (old.original_text <=> new.original_text)',
    );
    await sql`create trigger ${sql.raw(`search_${table}_au`)} after update on ${t} for each row
      update search_doc set title = ${newTitle}, body = new.original_text
      where object_id = new.id and ${changed}`.execute(db);
    await sql`create trigger ${sql.raw(`search_${table}_ad`)} after delete on ${t} for each row
      delete from search_doc where object_id = old.id`.execute(db);
  }
  await sql`insert into search_doc (object_id, title, body)
    select id, title, original_text from question
    on duplicate key update title = values(title), body = values(body)`.execute(db);
  await sql`insert into search_doc (object_id, title, body)
    select id, '', original_text from answer
    on duplicate key update title = values(title), body = values(body)`.execute(db);
  // FULLTEXT indexes one per statement (InnoDB builds the first one with a table rebuild).
  if (!(await mysqlIndexExists(db, 'search_doc_title_ft')))
    await sql`alter table search_doc add fulltext index search_doc_title_ft (title)`.execute(db);
  if (!(await mysqlIndexExists(db, 'search_doc_text_ft')))
    await sql`alter table search_doc add fulltext index search_doc_text_ft (title, body)`.execute(db);
}

async function mysqlDown(db: AnyDb) {
  for (const name of TRIGGERS) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  await sql`drop table if exists search_doc`.execute(db);
}

/** Full-text search indexes of questions and answers; see the comment above. */
export const searchIndex: Migration = {
  async up(db: AnyDb) {
    const dialect = dialectOf(db);
    if (dialect === 'sqlite3') await sqliteUp(db);
    else if (dialect === 'postgres') await postgresUp(db);
    else await mysqlUp(db);
  },
  async down(db: AnyDb) {
    const dialect = dialectOf(db);
    if (dialect === 'sqlite3') await sqliteDown(db);
    else if (dialect === 'postgres') await postgresDown(db);
    else await mysqlDown(db);
  },
};
