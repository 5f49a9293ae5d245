import { expect } from 'vitest';
import { runCli } from '../../src/cli/main';
import type { DatabaseConfig } from '../../src/db/config';
import { createDatabase, type Database } from '../../src/db/database';
import { newObjectId } from '../../src/db/ids';
import { writeConfigRows } from '../../src/modules/config/service';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { ADMIN, type InstalledSite } from '../accounts/helpers';
import { captured, readDump, targetArgs, type ParsedDump } from './helpers';

// A site filled with every kind of row and character a dump must carry, and the dump/restore calls
// the dump and restore suites share.

/** ~44 KB of text with every kind of character a JSON/SQL round trip can trip on (MySQL TEXT holds 64 KB). */
export const LONG_TEXT = Array.from(
  { length: 400 },
  (_, i) => `Line ${i}: "quotes" 'single' \\backslash\\ tab\there — Zoë 中文 🦊 <b>&amp;</b> ${'x'.repeat(40)}\n`,
).join('');
export const BIG = '9007199254740993'; // 2^53 + 1: not a safe JS number

export async function withDatabase<T>(config: DatabaseConfig, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await createDatabase(config);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The next value of an id_sequence counter, as db/ids.ts allocates it (for counters it has no name for yet). */
async function allocate(db: Database['db'], name: string): Promise<number> {
  await db
    .updateTable('id_sequence')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .execute();
  const row = await db.selectFrom('id_sequence').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Everything a site holds besides the install seed: users, sessions, settings, config rows, object ids. */
export async function fillSite(
  site: InstalledSite,
): Promise<{ liveToken: string; questionId: string; answerId: string }> {
  const { db } = site.database;
  const accounts = new AccountsService(db);
  const zoe = await accounts.createUser({
    username: 'zoë_li',
    email: 'Zoe@Example.com',
    password: 'zoë-password-1',
    displayName: 'Zoë 李小龙 🦊',
    language: 'zh_CN',
  });
  await accounts.createUser({ username: 'external', email: 'ext@example.com', password: null });
  const live = await accounts.loginWithEmail(ADMIN.email, ADMIN.password, {
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (テスト) "quoted"',
  });
  const ended = await accounts.loginWithEmail('zoe@example.com', 'zoë-password-1');
  if (live.kind !== 'ok' || ended.kind !== 'ok') throw new Error('login failed while filling the site');
  await accounts.logout(ended.token);
  await db
    .updateTable('user')
    .set({
      bio: LONG_TEXT,
      bio_html: `<p>${LONG_TEXT.slice(0, 500)}</p>`,
      location: 'Zürich  ',
      website: 'https://example.com/ä?q="x"&y=\\z',
      status: 9,
      suspended_at: 1_700_000_000_123,
      suspended_until: null,
    })
    .where('id', '=', zoe.id)
    .execute();
  await db
    .insertInto('session')
    .values({
      token_hash: 'f'.repeat(64),
      user_id: zoe.id,
      created_at: 1_700_000_000_000,
      expires_at: BIG as unknown as number,
      ip: '',
      user_agent: '',
    })
    .execute();
  const settings = new DbSettingsStore(db);
  await settings.set('general', {
    ...(await settings.get('general')),
    name: 'Agora — 社区 🦊',
    description: 'Line 1\nLine "2"\t\\ end',
  });
  await settings.set('login', {
    ...(await settings.get('login')),
    login_required: true,
    allow_new_registrations: false,
  });
  await writeConfigRows(db, [
    { id: 36, key: 'rank.question.add', value: '5' },
    { id: 900, key: 'test.unicode', value: '{"emoji":"🦊","cjk":"中文","nul":null,"yes":true}' },
  ]);
  // Q&A content: object ids (17-digit strings), foreign keys, NULLs, app-made plain ids.
  const t = 1_795_000_000_000;
  const questionId = await newObjectId(db, 'question');
  const answerId = await newObjectId(db, 'answer');
  const tagId = await newObjectId(db, 'tag');
  const commentId = await newObjectId(db, 'comment');
  await db
    .insertInto('question')
    .values({
      id: questionId,
      user_id: zoe.id,
      invite_user_id: null,
      last_edit_user_id: null,
      title: 'Pourquoi 🦊 — 为什么? "quoted" <tag>',
      original_text: LONG_TEXT.slice(0, 3_000),
      parsed_text: `<p>${LONG_TEXT.slice(0, 1_000)}</p>`,
      accepted_answer_id: answerId,
      last_answer_id: answerId,
      post_update_time: t,
      revision_id: null,
      answer_count: 1,
      created_at: t,
      updated_at: t,
    })
    .execute();
  await db
    .insertInto('answer')
    .values({
      id: answerId,
      question_id: questionId,
      user_id: 1,
      last_edit_user_id: null,
      original_text: 'Because.\n\n```js\nconst x = `tick`;\n```',
      parsed_text: '<p>Because.</p>',
      adopted: 2,
      revision_id: null,
      created_at: t + 1,
      updated_at: t + 1,
    })
    .execute();
  await db
    .insertInto('comment')
    .values({
      id: commentId,
      user_id: 1,
      reply_user_id: null,
      reply_comment_id: null,
      object_id: answerId,
      question_id: questionId,
      original_text: 'Merci 🙏',
      parsed_text: '<p>Merci 🙏</p>',
      created_at: t + 2,
      updated_at: t + 2,
    })
    .execute();
  await db
    .insertInto('tag')
    .values({
      id: tagId,
      main_tag_id: null,
      slug_name: 'zürich-中文',
      display_name: 'Zürich 中文',
      original_text: '',
      parsed_text: '',
      revision_id: null,
      user_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  await db
    .insertInto('tag_rel')
    .values({ id: await allocate(db, 'tag_rel'), object_id: questionId, tag_id: tagId, created_at: t, updated_at: t })
    .execute();
  await db
    .insertInto('activity')
    .values({
      id: await allocate(db, 'activity'),
      user_id: 1,
      object_id: questionId,
      original_object_id: questionId,
      activity_type: 28,
      cancelled_at: null,
      revision_id: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return { liveToken: live.token, questionId, answerId };
}

export async function dump(dataDir: string, file: string, config?: DatabaseConfig): Promise<ParsedDump> {
  const target = config ? targetArgs(config) : { flags: [], env: {} };
  const run = captured(target.env);
  const code = await runCli(['dump', '--data-dir', dataDir, '--out', file, ...target.flags], run.io);
  expect(run.err).toEqual([]);
  expect(code).toBe(0);
  return readDump(file);
}

export async function restore(dataDir: string, file: string, config: DatabaseConfig, extra: string[] = []) {
  const target = targetArgs(config);
  const run = captured(target.env);
  const code = await runCli(['restore', '--data-dir', dataDir, '--in', file, ...target.flags, ...extra], run.io);
  return { code, out: run.out, err: run.err };
}

/** The id_sequence counters in a dump, by name. */
export function counters(parsed: ParsedDump): { user: number; uniqid: number } {
  const value = (name: string) => Number(parsed.tables.id_sequence?.find((row) => row[0] === name)?.[1]);
  return { user: value('user'), uniqid: value('uniqid') };
}
