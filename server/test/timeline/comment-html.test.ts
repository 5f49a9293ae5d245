import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { timelineSite, type TimelineSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** A timeline's `commented` row carries the comment as its thread shows it, never its raw markdown. */
describe.each(available)('comments on a timeline on $label', (target) => {
  let s: TimelineSite;

  beforeAll(async () => {
    s = await timelineSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  it('a commented row holds the rendered comment: markdown as HTML, mentions as links to the member', async () => {
    const question = await s.ask('alice');
    const posted = await s.call({
      method: 'POST',
      url: '/comment',
      as: 'bob',
      payload: {
        object_id: question.id,
        original_text: '**Which** version do you use, @alice?',
        mention_username_list: ['alice'],
      },
    });
    expect(posted.status).toBe(200);
    const res = await s.timeline(question.id, 'alice');
    expect(res.status).toBe(200);
    const row = res.body.data.timeline.find((r) => r.activity_type === 'commented')!;
    expect(row.comment).toContain('<strong>Which</strong>');
    expect(row.comment).toMatch(/<a [^>]*href="\/u\/alice"[^>]*>@alice<\/a>/);
    expect(row.comment).not.toContain('**');
  });
});
