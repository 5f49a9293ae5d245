import type { ActionRecord, Comment } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { CAPTCHA_TEXT, commentSite, targets, type CommentSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const URL = '/answer/api/v1/comment';

// The captcha rules are the same on every database: one is enough.
describe.each(available.slice(0, 1))('comment captchas on $label', (target) => {
  let s: CommentSite;
  let questionId: string;

  const post = (body: Record<string, unknown>, token: string) =>
    s.call<Comment>({ method: 'POST', url: URL, payload: body, token });
  const record = async (action: string, token: string) =>
    (await s.call<ActionRecord>({ method: 'GET', url: '/answer/api/v1/user/action/record', query: { action }, token }))
      .body.data;
  const count = async () =>
    Number(
      (
        await s.db
          .selectFrom('comment')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await commentSite(target, { captcha: true });
    ({ questionId } = await targets(s.db));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('asks for a captcha on a comment posted within a second of the last one', async () => {
    expect((await post({ object_id: questionId, original_text: 'first comment here' }, s.alice.token)).status).toBe(
      200,
    );
    const before = await count();
    const body = { object_id: questionId, original_text: 'second, too fast' };
    const refused = await post(body, s.alice.token);
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.object.captcha_verification_failed');
    expect(refused.body.data).toEqual([expect.objectContaining({ error_field: 'captcha_code' })]);
    expect(await count()).toBe(before);

    // The refused post did not take the duplicate key: the same body with the captcha goes through.
    const rec = await record('comment', s.alice.token);
    expect(rec.verify).toBe(true);
    const solved = await post({ ...body, captcha_id: rec.captcha_id, captcha_code: CAPTCHA_TEXT }, s.alice.token);
    expect(solved.status).toBe(200);
    expect(await count()).toBe(before + 1);

    s.clock.now += 2000;
    expect((await post({ object_id: questionId, original_text: 'calm third' }, s.alice.token)).status).toBe(200);
  });

  it('asks for a captcha on a delete within 5 seconds of the last one; staff never', async () => {
    const ids: string[] = [];
    for (const text of ['one to delete', 'two to delete']) {
      s.clock.now += 2000;
      ids.push((await post({ object_id: questionId, original_text: text }, s.bob.token)).body.data.comment_id);
    }
    const del = (id: string, extra: Record<string, string> = {}) =>
      s.call({ method: 'DELETE', url: URL, payload: { comment_id: id, ...extra }, token: s.bob.token });
    expect((await del(ids[0]!)).status).toBe(200);
    const refused = await del(ids[1]!);
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe('error.object.captcha_verification_failed');
    const row = await s.db.selectFrom('comment').select('status').where('id', '=', ids[1]!).executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
    const rec = await record('delete', s.bob.token);
    expect((await del(ids[1]!, { captcha_id: rec.captcha_id, captcha_code: CAPTCHA_TEXT })).status).toBe(200);

    for (const text of ['staff one', 'staff two']) {
      expect((await post({ object_id: questionId, original_text: text }, s.admin.token)).status).toBe(200);
    }
  });
});
