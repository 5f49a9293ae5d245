/**
 * The search scenario of `pnpm bench:api --posts P`: seeding a site up to P posts, and the
 * queries GET search is measured with, built from words that really occur in the seeded posts.
 */
import { createDatabase } from '../src/db/database';
import { seedDemo } from '../src/demo';
import { Random } from '../src/demo/prng';

/** Posts (the question and its answers) per demo question, a little under the 2.7 the demo draws on average. */
const POSTS_PER_QUESTION = 2.65;

export interface SeededPosts {
  questions: number;
  answers: number;
  /** seedDemo calls it took to reach the target (one, or a top-up when the first fell short). */
  rounds: number;
}

/** Questions + answers in the database (every status: the rows the full-text index holds). */
async function countPosts(file: string): Promise<{ questions: number; answers: number }> {
  const database = await createDatabase({ type: 'sqlite3', file });
  try {
    const count = async (table: 'question' | 'answer') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { questions: await count('question'), answers: await count('answer') };
  } finally {
    await database.close();
  }
}

/**
 * Demo content (seedDemo: one transaction each, indexes rebuilt in bulk) until the site holds at least
 * `posts` questions + answers: one call sized from the demo's answers per question, then a top-up (a
 * second seed, added with `force`) if the answers drawn fell short.
 */
export async function seedPosts(
  file: string,
  posts: number,
  passwordHash: string,
  log: (line: string) => void,
): Promise<SeededPosts> {
  let rounds = 0;
  let now = await countPosts(file);
  while (now.questions + now.answers < posts && rounds < 4) {
    const missing = posts - now.questions - now.answers;
    const questions = Math.max(1, Math.ceil(missing / POSTS_PER_QUESTION));
    const database = await createDatabase({ type: 'sqlite3', file });
    const steps: string[] = [];
    try {
      rounds++;
      await seedDemo(database.db, {
        questions,
        seed: rounds === 1 ? 'bench' : `bench-${rounds}`,
        force: rounds > 1,
        passwordHash,
        // "Planned …" on its own line, then the time of each step ("questions: 812 ms") on one line.
        log: (line) => (line.startsWith('Planned') ? log(`bench:api: seedDemo: ${line}`) : steps.push(line)),
      });
    } finally {
      await database.close();
    }
    log(`bench:api: seedDemo steps: ${steps.join(', ')}`);
    now = await countPosts(file);
  }
  return { ...now, rounds };
}

/** One kind of search the bench measures: its queries are asked in turn, each once per round. */
export interface SearchKind {
  name: string;
  /** Paths under the site, e.g. /answer/api/v1/search?q=… */
  paths: string[];
  /** One query as the row shows it. */
  example: string;
}

/** Words too common to be what anyone searches for (and too short ones are skipped anyway). */
const STOP_WORDS = new Set(
  (
    'about after again also been before being below between both could does doing down during each ' +
    'from further have having here into itself just more most once only other over same should some ' +
    'such than that their them then there these they this those through under until very were what ' +
    'when where which while with would your yours will cannot want like into onto using used'
  ).split(' '),
);

interface SamplePost {
  text: string;
  username: string;
  tags: string[];
}

/** The words of a post's text, lower case, in order (markdown, URLs and code marks dropped). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words a person would search for: four letters or more, not a stop word, not a number. */
function searchable(words: string[]): string[] {
  return [...new Set(words.filter((w) => w.length >= 4 && /^[a-z]/.test(w) && !STOP_WORDS.has(w)))];
}

const MAX_Q = 60;

/**
 * Listed, available questions and available answers of listed questions, `perKind` of each picked
 * with a fixed seed, with their author and their question's tags.
 */
async function samplePosts(file: string, perKind: number, random: Random) {
  const database = await createDatabase({ type: 'sqlite3', file });
  const db = database.db;
  try {
    const questionIds = (
      await db.selectFrom('question').select('id').where('status', '=', 1).where('show', '=', 1).execute()
    ).map((r) => r.id);
    const answerIds = (
      await db
        .selectFrom('answer as a')
        .innerJoin('question as q', 'q.id', 'a.question_id')
        .select('a.id')
        .where('a.status', '=', 1)
        .where('q.status', 'in', [1, 2])
        .where('q.show', '=', 1)
        .execute()
    ).map((r) => r.id);
    const tagsOf = async (ids: string[]) => {
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('tag_rel as r')
              .innerJoin('tag as t', 't.id', 'r.tag_id')
              .select(['r.object_id', 't.slug_name'])
              .where('r.object_id', 'in', ids)
              .where('r.status', '=', 1)
              .where('t.status', '=', 1)
              .execute();
      const map = new Map<string, string[]>();
      for (const row of rows) map.set(row.object_id, [...(map.get(row.object_id) ?? []), row.slug_name]);
      return map;
    };
    const pickedQ = random.sample(questionIds, Math.min(perKind, questionIds.length));
    const qRows =
      pickedQ.length === 0
        ? []
        : await db
            .selectFrom('question as q')
            .innerJoin('user as u', 'u.id', 'q.user_id')
            .select(['q.id', 'q.title', 'q.original_text', 'u.username'])
            .where('q.id', 'in', pickedQ)
            .execute();
    const qTags = await tagsOf(qRows.map((r) => r.id));
    const questions: SamplePost[] = qRows.map((r) => ({
      text: `${r.title}\n${r.original_text}`,
      username: r.username,
      tags: qTags.get(r.id) ?? [],
    }));
    const pickedA = random.sample(answerIds, Math.min(perKind, answerIds.length));
    const aRows =
      pickedA.length === 0
        ? []
        : await db
            .selectFrom('answer as a')
            .innerJoin('user as u', 'u.id', 'a.user_id')
            .select(['a.question_id', 'a.original_text', 'u.username'])
            .where('a.id', 'in', pickedA)
            .execute();
    const aTags = await tagsOf([...new Set(aRows.map((r) => r.question_id))]);
    const answers: SamplePost[] = aRows.map((r) => ({
      text: r.original_text,
      username: r.username,
      tags: aTags.get(r.question_id) ?? [],
    }));
    return { questions, answers };
  } finally {
    await database.close();
  }
}

/**
 * The query mix: for each kind `perKind` queries (fewer when the site is small), deterministic for a
 * given database, built from sampled posts so that most of them have hits. Asked as a staff member
 * (the caller's token), 20 hits a page, page 1, relevance order unless the kind says otherwise.
 */
export async function buildSearchKinds(file: string, perKind = 40): Promise<SearchKind[]> {
  const random = new Random('bench-search');
  const { questions, answers } = await samplePosts(file, perKind, random);
  const build = (
    name: string,
    posts: SamplePost[],
    make: (post: SamplePost, words: string[], all: string[]) => string | null,
    order?: string,
  ): SearchKind => {
    const queries: string[] = [];
    for (const post of posts) {
      const all = wordsOf(post.text);
      const words = searchable(all);
      if (words.length === 0) continue;
      const q = make(post, words, all);
      if (q && q.length <= MAX_Q && !queries.includes(q)) queries.push(q);
    }
    const suffix = `&page=1&size=20${order ? `&order=${order}` : ''}`;
    return {
      name,
      paths: queries.map((q) => `/answer/api/v1/search?q=${encodeURIComponent(q)}${suffix}`),
      example: `${queries[0] ?? '(none)'}${order ? ` (order=${order})` : ''}`,
    };
  };
  const one = (words: string[]) => random.pick(words);
  const two = (words: string[]) => {
    if (words.length < 2) return null;
    const [a, b] = random.sample(words, 2);
    return `${a} ${b}`;
  };
  /** Two or three words in a row from the text, each of three letters or more. */
  const phrase = (all: string[]) => {
    const starts: number[] = [];
    for (let i = 0; i + 1 < all.length; i++)
      if (/^[a-z]{3,}$/.test(all[i]!) && /^[a-z]{3,}$/.test(all[i + 1]!)) starts.push(i);
    if (starts.length === 0) return null;
    const i = random.pick(starts);
    const length = random.chance(0.5) && /^[a-z]{3,}$/.test(all[i + 2] ?? '') ? 3 : 2;
    return `"${all.slice(i, i + length).join(' ')}"`;
  };
  return [
    build('one word', questions, (_, words) => one(words)),
    build('two words', questions, (_, words) => two(words)),
    build('phrase', questions, (_, __, all) => phrase(all)),
    build('[tag] + word', questions, (post, words) =>
      post.tags.length > 0 ? `[${random.pick(post.tags)}] ${one(words)}` : null,
    ),
    build('is:answer + word', answers, (_, words) => `is:answer ${one(words)}`),
    build('user:name + word', [...questions, ...answers], (post, words) => `user:${post.username} ${one(words)}`),
    // Filter only: no words, every post with at least N votes, in relevance order.
    {
      name: 'score:N',
      paths: [1, 2, 3, 4, 5, 6, 8, 10].map(
        (n) => `/answer/api/v1/search?q=${encodeURIComponent(`score:${n}`)}&page=1&size=20`,
      ),
      example: 'score:1 … score:10',
    },
    build('one word, newest', questions, (_, words) => one(words), 'newest'),
  ];
}
