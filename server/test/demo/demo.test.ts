import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { readSiteInfo } from '../../src/modules/site-info/store';
import { AccountsService } from '../../src/modules/accounts/service';
import { DEMO_PASSWORD, DemoRefusedError, seedDemo, verifyCounters } from '../../src/demo';
import { ensureFirstTag } from '../../src/modules/install/first-tag';
import { installedSite, type InstalledSite } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { configIds, demoPasswordHash, NOW, QA_TABLES, rowsOf } from './helpers';

const { available } = await testDatabases();
// Database servers and argon2 on a busy 2-core machine: generous limits.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const OPTIONS = { questions: 80, users: 24, seed: 'test-seed', now: NOW } as const;
/** The install admin starts with 1 reputation that no activity explains. */
const baseRank = (id: number) => (id === 1 ? 1 : 0);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = any;

async function count(db: Kysely<DB>, table: keyof DB, where?: (qb: AnyQuery) => AnyQuery): Promise<number> {
  let query: AnyQuery = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
  if (where) query = where(query);
  const row = (await query.executeTakeFirstOrThrow()) as { n: unknown };
  return Number(row.n);
}

describe.each(available)('demo content on $label', (target) => {
  let site: InstalledSite;
  let db: Kysely<DB>;

  beforeAll(async () => {
    site = await installedSite(target);
    db = site.database.db;
    await seedDemo(db, { ...OPTIONS, passwordHash: await demoPasswordHash() });
  });
  afterAll(async () => {
    await site?.cleanup();
  });

  it('keeps every counter consistent with the rows it counts', async () => {
    expect(await verifyCounters(db, { baseRank })).toEqual([]);
    // And the recount is not vacuous: there is something to count.
    expect(await count(db, 'question')).toBe(OPTIONS.questions);
    expect(await count(db, 'answer')).toBeGreaterThan(OPTIONS.questions);
    expect(await count(db, 'comment')).toBeGreaterThan(OPTIONS.questions / 2);
    expect(await count(db, 'collection')).toBeGreaterThan(0);
    expect(await count(db, 'question_link')).toBeGreaterThan(0);
    expect(await count(db, 'notification')).toBeGreaterThan(0);
    expect(await count(db, 'report')).toBeGreaterThan(0);
    expect(await count(db, 'answer', (q) => q.where('adopted', '=', 2))).toBeGreaterThan(0);
  });

  it.runIf(target.type === 'sqlite3')(
    "indexes every post for search with its question's tags (SQLite: FTS5 refilled after the bulk load)",
    async () => {
      const posts = (await count(db, 'question')) + (await count(db, 'answer'));
      const indexed = await sql<{ n: number }>`select count(*) as n from search_fts`.execute(db);
      expect(Number(indexed.rows[0]!.n)).toBe(posts);
      const { rows: tags } = await sql<{ tag_id: string; n: number }>`
        select r.tag_id, count(distinct r.object_id) + count(a.id) as n from tag_rel r
        left join answer a on a.question_id = r.object_id where r.status = 1 group by r.tag_id`.execute(db);
      expect(tags.length).toBeGreaterThan(3);
      for (const tag of tags) {
        const found = await sql<{ n: number }>`select count(*) as n from search_fts
          where search_fts match ${`{tags} : "t${tag.tag_id}"`}`.execute(db);
        expect(Number(found.rows[0]!.n), `tag ${tag.tag_id}`).toBe(Number(tag.n));
      }
    },
  );

  it('notices a counter that does not match its rows', async () => {
    const question = await db.selectFrom('question').select(['id', 'answer_count']).executeTakeFirstOrThrow();
    await db
      .updateTable('question')
      .set({ answer_count: question.answer_count + 1 })
      .where('id', '=', question.id)
      .execute();
    try {
      expect(await verifyCounters(db, { baseRank })).toEqual([
        `question.answer_count of ${question.id}: stored ${question.answer_count + 1}, rows say ${question.answer_count}`,
      ]);
    } finally {
      await db
        .updateTable('question')
        .set({ answer_count: question.answer_count })
        .where('id', '=', question.id)
        .execute();
    }
  });

  it('has users of every role and state, and the demo password works for them', async () => {
    const users = await db.selectFrom('user').selectAll().orderBy('id').execute();
    expect(users).toHaveLength(1 + OPTIONS.users);
    expect(users.filter((u) => u.role_id === 2).map((u) => u.id)).toEqual([1]);
    expect(users.filter((u) => u.role_id === 3).length).toBeGreaterThanOrEqual(2);
    const suspended = users.filter((u) => u.status === 9);
    expect(suspended).toHaveLength(1);
    expect(Number(suspended[0]!.suspended_until)).toBeGreaterThan(NOW);
    const inactive = users.filter((u) => u.mail_status === 2);
    expect(inactive).toHaveLength(1);
    expect(inactive[0]!.rank).toBe(0);
    const members = users.filter((u) => u.role_id === 1 && u.status === 1 && u.mail_status === 1);
    expect(members.length).toBeGreaterThan(10);
    // Varied reputation: some members can vote down (125), some cannot vote up yet (8).
    expect(members.some((u) => u.rank >= 125)).toBe(true);
    expect(members.some((u) => u.rank < 8)).toBe(true);
    expect(new Set(users.map((u) => u.username_key)).size).toBe(users.length);

    const accounts = new AccountsService(db);
    const moderator = users.find((u) => u.role_id === 3)!;
    expect((await accounts.loginWithEmail(moderator.e_mail, DEMO_PASSWORD)).kind).toBe('ok');
    expect((await accounts.loginWithEmail(suspended[0]!.e_mail, DEMO_PASSWORD)).kind).toBe('suspended');
  });

  it('never lets anyone vote on their own post', async () => {
    const t = await configIds(db, [
      'question.vote_up',
      'question.vote_down',
      'answer.vote_up',
      'answer.vote_down',
      'comment.vote_up',
    ]);
    const selfVotes = async (table: 'question' | 'answer' | 'comment', types: number[]) => {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from activity a join ${sql.table(table)} p on p.id = a.object_id
        where a.activity_type in (${sql.join(types)}) and a.user_id = p.user_id`.execute(db);
      return Number(rows[0]?.n);
    };
    expect(await selfVotes('question', [t['question.vote_up']!, t['question.vote_down']!])).toBe(0);
    expect(await selfVotes('answer', [t['answer.vote_up']!, t['answer.vote_down']!])).toBe(0);
    expect(await selfVotes('comment', [t['comment.vote_up']!])).toBe(0);
    // Votes exist, and nobody voted twice on one post.
    const votes = await db
      .selectFrom('activity')
      .select(['user_id', 'object_id', 'activity_type'])
      .where('activity_type', 'in', Object.values(t))
      .execute();
    expect(votes.length).toBeGreaterThan(OPTIONS.questions);
    const pairs = new Set(votes.map((v) => `${v.user_id}:${v.object_id}`));
    expect(pairs.size).toBe(votes.length);
  });

  it('applies the reputation rules: privileges when voting, the daily cap, the floor of 1', async () => {
    const keys = [
      'question.vote_up',
      'question.vote_down',
      'answer.vote_up',
      'answer.vote_down',
      'comment.vote_up',
      'answer.accepted',
      'rank.question.vote_up',
      'rank.answer.vote_down',
    ];
    const t = await configIds(db, keys);
    const values = Object.fromEntries(
      (await db.selectFrom('config').select(['key', 'value']).where('key', 'in', keys).execute()).map((r) => [
        r.key,
        Number(r.value),
      ]),
    );
    const users = new Map((await db.selectFrom('user').select(['id', 'role_id']).execute()).map((u) => [u.id, u]));
    // Activity ids of reputation events follow the order they happened in.
    const events = await db
      .selectFrom('activity')
      .select(['user_id', 'activity_type', 'rank', 'has_rank', 'created_at'])
      .where((eb) =>
        eb.or([eb('has_rank', '=', 1), eb('activity_type', 'in', [t['question.vote_up']!, t['answer.vote_down']!])]),
      )
      .orderBy('id')
      .execute();
    const rank = new Map<number, number>([[1, 1]]);
    const gained = new Map<string, number>();
    let checkedVotes = 0;
    for (const e of events) {
      const user = Number(e.user_id);
      const before = rank.get(user) ?? 0;
      const staff = users.get(user)!.role_id !== 1;
      if (e.activity_type === t['question.vote_up'] && !staff) {
        expect(before).toBeGreaterThanOrEqual(values['rank.question.vote_up']!);
        checkedVotes++;
      }
      if (e.activity_type === t['answer.vote_down'] && !staff) {
        expect(before).toBeGreaterThanOrEqual(values['rank.answer.vote_down']!);
      }
      if (e.has_rank !== 1) continue;
      if (e.rank > 0 && e.activity_type !== t['answer.accepted']) {
        const day = `${user}:${Math.floor(Number(e.created_at) / 86_400_000)}`;
        expect(gained.get(day) ?? 0).toBeLessThan(200);
        gained.set(day, (gained.get(day) ?? 0) + e.rank);
      }
      const after = before + e.rank;
      if (e.rank < 0) expect(after).toBeGreaterThanOrEqual(1);
      rank.set(user, after);
    }
    expect(checkedVotes).toBeGreaterThan(0);
  });

  it('writes realistic posts: markdown with code, lists and links, replies and mentions, states', async () => {
    const questions = await db.selectFrom('question').selectAll().orderBy('created_at').execute();
    expect(questions.filter((q) => q.pin === 2).map((q) => q.title)).toEqual([
      'Welcome! How this site works',
      'Read this before asking: writing a question that gets answered',
    ]);
    expect(questions.some((q) => q.original_text.includes('```'))).toBe(true);
    expect(questions.some((q) => /^- /m.test(q.original_text))).toBe(true);
    expect(questions.some((q) => /\]\(https?:\/\//.test(q.original_text))).toBe(true);
    expect(questions.some((q) => q.parsed_text.includes('<pre><code class="language-'))).toBe(true);
    expect(questions.every((q) => q.title.length <= 150 && q.title.length >= 6)).toBe(true);
    expect(questions.some((q) => q.answer_count === 0)).toBe(true);
    expect(questions.some((q) => q.accepted_answer_id !== null)).toBe(true);
    // Closed (with its reason), unlisted and deleted questions, edits and a suggested edit for review.
    const closed = questions.filter((q) => q.status === 2);
    expect(closed.length).toBeGreaterThan(0);
    const reasons = await db
      .selectFrom('meta')
      .select(['object_id', 'value'])
      .where('key', '=', 'question.close.reason')
      .execute();
    expect(reasons.map((r) => r.object_id).sort()).toEqual(closed.map((q) => q.id).sort());
    expect(JSON.parse(reasons[0]!.value)).toMatchObject({ close_type: expect.any(Number) });
    expect(questions.some((q) => q.status === 10)).toBe(true);
    expect(questions.some((q) => q.show === 2)).toBe(true);
    const revisions = await db.selectFrom('revision').select(['status', 'object_type']).execute();
    expect(revisions.some((r) => r.status === 1)).toBe(true);
    expect(revisions.some((r) => r.status === 2)).toBe(true);
    expect(questions.some((q) => q.last_edit_user_id !== null)).toBe(true);
    // Every parsed body is HTML built from escaped text: no markup other than what the renderer emits.
    for (const q of questions) expect(q.parsed_text).not.toMatch(/<(script|iframe|img|style)/i);

    const comments = await db.selectFrom('comment').selectAll().execute();
    expect(comments.some((c) => c.reply_comment_id !== null && c.reply_user_id !== null)).toBe(true);
    const mention = comments.find((c) => c.original_text.startsWith('[@'));
    expect(mention?.parsed_text).toMatch(/^<p><a href="\/u\/[a-z0-9_]+">@/);
    expect(comments.every((c) => c.original_text.length >= 2 && c.original_text.length <= 600)).toBe(true);

    // Each question's tags exist, each vote's object exists, times lie in the past six months.
    const tags = await db.selectFrom('tag').selectAll().execute();
    expect(tags.some((t) => t.recommend === 1)).toBe(true);
    expect(tags.some((t) => t.reserved === 1)).toBe(true);
    // The write settings name exactly the tags marked (siteinfo's site_tags and the tags agree).
    const settings = await readSiteInfo<{
      recommend_tags: { slug_name: string }[];
      reserved_tags: { slug_name: string }[];
    }>(db, 'tags');
    const slugs = (list: { slug_name: string }[] | undefined) => (list ?? []).map((t) => t.slug_name).sort();
    expect(slugs(settings?.recommend_tags)).toEqual(
      tags
        .filter((t) => t.recommend === 1)
        .map((t) => t.slug_name)
        .sort(),
    );
    expect(slugs(settings?.reserved_tags)).toEqual(
      tags
        .filter((t) => t.reserved === 1)
        .map((t) => t.slug_name)
        .sort(),
    );
    expect(tags.some((t) => t.main_tag_id !== null)).toBe(true);
    expect(tags.every((t) => /^1003\d{13}$/.test(t.id))).toBe(true);
    expect(questions.every((q) => /^1001\d{13}$/.test(q.id))).toBe(true);
    const times = questions.map((q) => Number(q.created_at));
    expect(Math.max(...times)).toBeLessThan(NOW);
    expect(Math.min(...times)).toBeGreaterThan(NOW - 200 * 86_400_000);
    // Reserved tags are only on staff posts.
    const reserved = tags.filter((t) => t.reserved === 1).map((t) => t.id);
    const onReserved = await db
      .selectFrom('tag_rel')
      .innerJoin('question', 'question.id', 'tag_rel.object_id')
      .innerJoin('user', 'user.id', 'question.user_id')
      .select('user.role_id')
      .where('tag_rel.tag_id', 'in', reserved)
      .execute();
    expect(onReserved.length).toBeGreaterThan(0);
    expect(onReserved.every((r) => r.role_id !== 1)).toBe(true);
  });

  it('refuses to run again on a site with questions, and adds consistently with force', async () => {
    await expect(seedDemo(db, { ...OPTIONS, passwordHash: await demoPasswordHash() })).rejects.toBeInstanceOf(
      DemoRefusedError,
    );
    expect(await count(db, 'question')).toBe(OPTIONS.questions);

    const result = await seedDemo(db, {
      questions: 20,
      users: 5,
      seed: 'more',
      now: NOW,
      force: true,
      passwordHash: await demoPasswordHash(),
    });
    expect(result.counts.questions).toBe(20);
    expect(result.counts.tags).toBe(0);
    expect(await count(db, 'question')).toBe(OPTIONS.questions + 20);
    expect(await count(db, 'question', (q) => q.where('pin', '=', 2))).toBe(2);
    expect(await verifyCounters(db, { baseRank })).toEqual([]);
  });

  it('creates the first tag once (for the installer)', async () => {
    const id = await ensureFirstTag(db, { userId: 1, now: NOW });
    expect(await ensureFirstTag(db, { userId: 1, now: NOW })).toBe(id);
    expect(await count(db, 'tag', (q) => q.where('slug_name', '=', 'support'))).toBe(1);
  });
});

describe.each(available)('demo determinism on $label', (target) => {
  it('writes the same rows for the same seed, other rows for another seed', async () => {
    const sites: InstalledSite[] = [];
    try {
      const snapshot = async (seed: string) => {
        const site = await installedSite(target);
        sites.push(site);
        await seedDemo(site.database.db, {
          questions: 30,
          users: 12,
          seed,
          now: NOW,
          passwordHash: await demoPasswordHash(),
        });
        const tables: Record<string, unknown> = {};
        for (const table of QA_TABLES) tables[table] = await rowsOf(site.database.db, table);
        // Password hashes carry random salts; install times are the clock's (the admin, and the first
        // tag the installer creates).
        tables.user = await rowsOf(site.database.db, 'user', ['pass', 'created_at', 'updated_at']);
        tables.tag = (tables.tag as Record<string, unknown>[]).map((row) =>
          row.slug_name === 'support' ? { ...row, created_at: 'install time', updated_at: 'install time' } : row,
        );
        return tables;
      };
      const first = await snapshot('same');
      const second = await snapshot('same');
      for (const table of Object.keys(first)) expect(second[table], table).toEqual(first[table]);
      const other = await snapshot('different');
      expect(other.question).not.toEqual(first.question);
    } finally {
      for (const site of sites) await site.cleanup();
    }
  });
});
