import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminContentService } from '../../src/modules/admin-content/service';
import { testDatabases } from '../db/databases';
import { FLAG, reviewSite, type Person, type ReviewSite } from '../report-review/helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

describe.each(available)('GET reports/page reads its flags in a fixed number of queries on $label', (target) => {
  let s: ReviewSite;
  let queries = 0;
  let service: AdminContentService;

  beforeAll(async () => {
    s = await reviewSite(target);
    // Built by hand for one reason: over a database handle that counts the statements it runs.
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        queries += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const { posts, operations, answers, reasons, reportReview } = s.services;
    service = new AdminContentService(s.db.withPlugin(counting), {
      posts,
      operations,
      answers,
      reasons,
      flags: reportReview,
    });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  /** Flags a question, an answer and a comment of a new thread (three flags). */
  const flagThread = async (by: Person) => {
    const q = await s.ask('alice');
    const a = await s.answer(q, 'bob');
    const c = await s.comment(a, 'carol');
    await s.flag(q, by, FLAG.spam);
    await s.flag(a, by, FLAG.spam);
    await s.flag(c, by, FLAG.rude);
  };
  const page = async () => {
    queries = 0;
    const result = await service.reports({ page: 1, page_size: 50 }, 'en_US');
    return { count: result.list.length, queries, list: result.list };
  };

  it('as many for thirty flags as for three', async () => {
    await flagThread('newbie');
    const small = await page();
    expect(small.count).toBe(3);
    for (let i = 0; i < 9; i++) await flagThread(i % 2 ? 'newbie' : 'editor');
    const large = await page();
    expect(large.count).toBe(30);
    expect(large.queries).toBe(small.queries);
    // Still every flag in its context: the comment's answer and question, the tags, the people.
    const comment = large.list.find((f) => f.object_type === 'comment')!;
    expect(comment).toMatchObject({
      answer_id: expect.stringMatching(/^1002/),
      question_id: expect.stringMatching(/^1001/),
    });
    expect(comment.tags.map((t) => t.slug_name)).toEqual(['support']);
    expect(comment.author_user_info.username).toBe('carol');
    expect(comment.reason.name).not.toBe('');
  });
});
