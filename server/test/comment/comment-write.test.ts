import type { Comment, CommentPage, UpdatedComment } from '@agora/shared-api/contract';
import { parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../db/databases';
import { commentSite, targets, type CommentSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const URL = '/answer/api/v1/comment';

interface Node {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
}

/** Every element of an HTML fragment with its attributes. */
function elements(html: string): Array<{ tag: string; attrs: Record<string, string> }> {
  const out: Array<{ tag: string; attrs: Record<string, string> }> = [];
  const walk = (node: Node) => {
    if (node.attrs)
      out.push({ tag: node.nodeName, attrs: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])) });
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parseFragment(html) as unknown as Node);
  return out;
}

describe.each(available)('writing comments on $label', (target) => {
  let s: CommentSite;
  let questionId: string;
  let answerId: string;
  let n = 0;
  /** A text no earlier post used (the duplicate guard refuses repeats). */
  const unique = (text: string) => `${text} (${++n})`;

  const post = (body: Record<string, unknown>, token?: string) =>
    s.call<Comment>({ method: 'POST', url: URL, payload: body, token });
  const row = (id: string) => s.db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    s = await commentSite(target);
    ({ questionId, answerId } = await targets(s.db));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('posts a comment that links the mentions of existing users and leaves unknown names as text', async () => {
    const text = `Thanks @${s.bob.username}, and @nobody-by-this-name; mail me@example.com`;
    const res = await post(
      { object_id: questionId, original_text: text, mention_username_list: [s.bob.username] },
      s.alice.token,
    );
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c.original_text).toBe(text);
    expect(c.user_id).toBe(String(s.alice.id));
    expect(c.username).toBe(s.alice.username);
    expect(c.object_id).toBe(questionId);
    expect(c.vote_count).toBe(0);
    expect(c.is_vote).toBe(false);
    expect(c.member_actions.map((a) => a.action)).toEqual(['report', 'edit', 'delete']);
    const links = elements(c.parsed_text).filter((e) => e.tag === 'a');
    expect(links.map((l) => l.attrs.href)).toEqual([`/u/${s.bob.username}`, 'mailto:me@example.com']);
    expect(c.parsed_text).toContain(`>@${s.bob.username}</a>`);
    expect(c.parsed_text).toContain('@nobody-by-this-name;');
    const stored = await row(c.comment_id);
    expect(stored).toMatchObject({
      status: 1,
      user_id: s.alice.id,
      question_id: questionId,
      parsed_text: c.parsed_text,
    });
    // It is on the question's page and readable by id.
    const one = await s.call<Comment>({ method: 'GET', url: URL, query: { id: c.comment_id } });
    expect(one.body.data.parsed_text).toBe(c.parsed_text);
    expect(one.body.data.member_actions).toEqual([]);
  });

  it('renders hostile text inert (markup, scripts, event handlers, javascript: links, names)', async () => {
    const hostile =
      `<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) ` +
      `@${s.bob.username}"><svg onload=alert(1)> @${s.bob.username}<b onclick=x>hi</b> \`@${s.bob.username}\``;
    const res = await post({ object_id: questionId, original_text: hostile }, s.alice.token);
    expect(res.status).toBe(200);
    const html = res.body.data.parsed_text;
    for (const e of elements(html)) {
      expect(['p', 'a', 'code']).toContain(e.tag);
      for (const [name, value] of Object.entries(e.attrs)) {
        expect(['href', 'rel']).toContain(name);
        if (name === 'href') expect(value).toBe(`/u/${s.bob.username}`);
      }
    }
    // Both mentions outside code are links; the one in code stays code.
    expect(elements(html).filter((e) => e.tag === 'a')).toHaveLength(2);
    expect(html).toContain(`<code>@${s.bob.username}</code>`);
    expect(html).toContain('&lt;script&gt;');
  });

  it('checks the length (2 to 600 characters, trimmed) with the exact messages', async () => {
    for (const [text, msg] of [
      ['a', 'Must be at least 2 characters.'],
      ['   b   ', 'Must be at least 2 characters.'],
      ['x'.repeat(601), 'Must be at most 600 characters.'],
    ] as const) {
      const res = await post({ object_id: questionId, original_text: text }, s.alice.token);
      expect(res.status).toBe(400);
      expect(res.body.reason).toBe('base.request_format_error');
      expect(res.body.msg).toBe(msg);
      expect(res.body.data).toEqual([{ error_field: 'original_text', error_msg: msg }]);
    }
    const zh = await s.call({
      method: 'POST',
      url: URL,
      payload: { object_id: questionId, original_text: 'a' },
      headers: { 'accept-language': 'zh-CN' },
      token: s.alice.token,
    });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).not.toBe('Must be at least 2 characters.');
    // 600 characters outside the BMP are 600 characters (1,200 UTF-16 units).
    const emoji = await post({ object_id: questionId, original_text: '😀'.repeat(600) }, s.alice.token);
    expect(emoji.status).toBe(200);
    const missing = await post({ object_id: questionId }, s.alice.token);
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([expect.objectContaining({ error_field: 'original_text' })]);
  });

  it('refuses a repeat of the same post within 5 minutes', async () => {
    const body = { object_id: questionId, original_text: unique('the same words') };
    expect((await post(body, s.alice.token)).status).toBe(200);
    const again = await post(body, s.alice.token);
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('base.duplicate_request_error');
    // Someone else may say the same.
    expect((await post(body, s.bob.token)).status).toBe(200);
  });

  it('replies, counts comments on answers, and needs a login', async () => {
    const before = await s.db
      .selectFrom('answer')
      .select('comment_count')
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    const parent = await post({ object_id: answerId, original_text: unique('first on the answer') }, s.bob.token);
    expect(parent.status).toBe(200);
    const reply = await post(
      { object_id: answerId, original_text: unique('a reply'), reply_comment_id: parent.body.data.comment_id },
      s.alice.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      reply_comment_id: parent.body.data.comment_id,
      reply_user_id: String(s.bob.id),
      reply_username: s.bob.username,
      reply_user_status: 'normal',
    });
    const after = await s.db
      .selectFrom('answer')
      .select('comment_count')
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(after.comment_count).toBe(before.comment_count + 2);
    const page = await s.call<CommentPage>({
      method: 'GET',
      url: `${URL}/page`,
      query: { object_id: answerId, page: '1', page_size: '100' },
    });
    expect(page.body.data.list.map((c) => c.comment_id)).toContain(reply.body.data.comment_id);
    // Replying to a comment of another object is refused.
    const stray = await post(
      { object_id: questionId, original_text: unique('stray'), reply_comment_id: parent.body.data.comment_id },
      s.alice.token,
    );
    expect(stray.status).toBe(404);
    const anon = await post({ object_id: questionId, original_text: unique('anonymous') });
    expect(anon.status).toBe(401);
  });

  it('notifies the replied author, then the mentioned users, then the post owner: one each, never the author', async () => {
    const q = await s.db
      .selectFrom('question')
      .innerJoin('user', 'user.id', 'question.user_id')
      .select(['question.id', 'question.title', 'question.user_id', 'user.username'])
      .where('question.status', '=', 1)
      .where('user.status', '=', 1)
      .where('question.user_id', 'not in', [s.alice.id, s.bob.id])
      // Not the question an earlier test mentioned bob on (a member hears of mentions once per post).
      .where('question.id', '!=', questionId)
      .orderBy('question.id')
      .executeTakeFirstOrThrow();
    const notes = async (commentId: string) =>
      (
        await s.db
          .selectFrom('notification')
          .select(['user_id', 'content', 'type', 'msg_type', 'is_read'])
          .where('object_id', '=', commentId)
          .orderBy('user_id')
          .execute()
      ).map((n) => ({ ...n, content: JSON.parse(n.content) as Record<string, unknown> }));
    const actions = (list: Awaited<ReturnType<typeof notes>>) =>
      Object.fromEntries(list.map((n) => [n.user_id, n.content.notification_action]));

    const first = await post({ object_id: q.id, original_text: unique(`hello @${s.bob.username}`) }, s.alice.token);
    const firstId = first.body.data.comment_id;
    const firstNotes = await notes(firstId);
    expect(actions(firstNotes)).toEqual({ [s.bob.id]: 'mention_you', [q.user_id]: 'comment_question' });
    expect(firstNotes[0]).toMatchObject({ type: 1, msg_type: 1, is_read: 1 });
    expect(firstNotes[0]!.content).toEqual({
      trigger_user_id: String(s.alice.id),
      notification_action: expect.any(String),
      rank: 0,
      object_info: {
        title: q.title,
        object_id: firstId,
        object_type: 'comment',
        object_map: { question: q.id, comment: firstId },
      },
    });

    const reply = await post(
      {
        object_id: q.id,
        original_text: unique(`@${s.alice.username} and @${q.username}, also @${s.bob.username}`),
        reply_comment_id: firstId,
      },
      s.bob.token,
    );
    expect(actions(await notes(reply.body.data.comment_id))).toEqual({
      [s.alice.id]: 'reply_to_you',
      [q.user_id]: 'mention_you',
    });

    const onAnswer = await post({ object_id: answerId, original_text: unique('on an answer') }, s.alice.token);
    const answer = await s.db
      .selectFrom('answer')
      .select(['user_id', 'question_id'])
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    const answerNotes = await notes(onAnswer.body.data.comment_id);
    if (answer.user_id === s.alice.id) expect(answerNotes).toEqual([]);
    else {
      expect(actions(answerNotes)).toEqual({ [answer.user_id]: 'comment_answer' });
      expect((answerNotes[0]!.content.object_info as { object_map: unknown }).object_map).toEqual({
        question: answer.question_id,
        answer: answerId,
        comment: onAnswer.body.data.comment_id,
      });
    }
  });

  it('needs the comment.add reputation (403 with the reputation needed)', async () => {
    const { rank } = await s.db.selectFrom('user').select('rank').where('id', '=', s.bob.id).executeTakeFirstOrThrow();
    await s.db.updateTable('user').set({ rank: 0 }).where('id', '=', s.bob.id).execute();
    try {
      const res = await post({ object_id: questionId, original_text: unique('no reputation yet') }, s.bob.token);
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('error.rank.no_enough_rank_to_operate');
      expect(res.body.msg).toBe('You need at least 1 reputation to do this.');
    } finally {
      await s.db.updateTable('user').set({ rank }).where('id', '=', s.bob.id).execute();
    }
  });

  it('refuses comments on deleted or unknown posts (404 unless seen, then 400 error.object.already_deleted)', async () => {
    const q = await s.db
      .selectFrom('question')
      .select('id')
      .where('status', '=', 1)
      .where('id', '!=', questionId)
      .where('user_id', 'not in', [s.alice.id, s.bob.id])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await s.db.updateTable('question').set({ status: 10 }).where('id', '=', q.id).execute();
    const count = async () =>
      Number(
        (
          await s.db
            .selectFrom('comment')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // Alice cannot see someone else's deleted question: it answers as an unknown one does.
    const hidden = await post({ object_id: q.id, original_text: unique('too late') }, s.alice.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.reason).toBe('error.question.not_found');
    // The admin sees it, and is told it is deleted.
    const res = await post({ object_id: q.id, original_text: unique('too late') }, s.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.object.already_deleted');
    expect(res.body.msg).toBe('This item has already been deleted.');
    const unknown = await post({ object_id: '10010000009999999', original_text: unique('nowhere') }, s.alice.token);
    expect(unknown.status).toBe(404);
    expect(await count()).toBe(before);
    // A closed question is still commentable (docs/product-rules.md).
    const closed = await s.db
      .selectFrom('question')
      .select('id')
      .where('status', '=', 1)
      .where('id', 'not in', [questionId, q.id])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await s.db.updateTable('question').set({ status: 2 }).where('id', '=', closed.id).execute();
    expect(
      (await post({ object_id: closed.id, original_text: unique('still open for comments') }, s.alice.token)).status,
    ).toBe(200);
  });

  it('lets the owner edit within 5 minutes, staff any time, and nobody else', async () => {
    const posted = await post({ object_id: questionId, original_text: unique('first words') }, s.alice.token);
    const id = posted.body.data.comment_id;
    const put = (text: string, token: string) =>
      s.call<UpdatedComment>({ method: 'PUT', url: URL, payload: { comment_id: id, original_text: text }, token });

    const edited = await put(`now with @${s.bob.username}`, s.alice.token);
    expect(edited.status).toBe(200);
    expect(edited.body.data.comment_id).toBe(id);
    expect(edited.body.data.parsed_text).toContain(`href="/u/${s.bob.username}"`);
    expect((await row(id))!.original_text).toBe(`now with @${s.bob.username}`);

    const stranger = await put('bob was here', s.bob.token);
    expect(stranger.status).toBe(403);
    expect((await row(id))!.original_text).toBe(`now with @${s.bob.username}`);
    const short = await put('x', s.alice.token);
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('Must be at least 2 characters.');

    s.clock.now += 5 * 60_000 + 1000;
    const late = await put('too late now', s.alice.token);
    expect(late.status).toBe(400);
    expect(late.body.reason).toBe('error.comment.cannot_edit_after_deadline');
    expect(late.body.msg).toBe('Comments can only be edited within 5 minutes of posting.');
    expect((await row(id))!.original_text).toBe(`now with @${s.bob.username}`);
    const mine = await s.call<Comment>({ method: 'GET', url: URL, query: { id }, token: s.alice.token });
    expect(mine.body.data.member_actions.map((a) => a.action)).toEqual(['report', 'delete']);

    const staff = await put('fixed by staff', s.admin.token);
    expect(staff.status).toBe(200);
    expect((await row(id))!.original_text).toBe('fixed by staff');
  });

  it('lets the owner and staff delete (soft), nobody else; deleted comments disappear', async () => {
    const a = await post({ object_id: answerId, original_text: unique('delete me') }, s.alice.token);
    const b = await post({ object_id: questionId, original_text: unique('staff deletes me') }, s.bob.token);
    const del = (id: string, token: string) =>
      s.call({ method: 'DELETE', url: URL, payload: { comment_id: id }, token });
    const count = async () =>
      (await s.db.selectFrom('answer').select('comment_count').where('id', '=', answerId).executeTakeFirstOrThrow())
        .comment_count;
    const before = await count();

    const refused = await del(a.body.data.comment_id, s.bob.token);
    expect(refused.status).toBe(403);
    expect((await row(a.body.data.comment_id))!.status).toBe(1);
    expect(await count()).toBe(before);

    const own = await del(a.body.data.comment_id, s.alice.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toBeNull();
    expect((await row(a.body.data.comment_id))!.status).toBe(10);
    expect(await count()).toBe(before - 1);
    expect((await del(a.body.data.comment_id, s.alice.token)).status).toBe(404);
    expect(await count()).toBe(before - 1);

    expect((await del(b.body.data.comment_id, s.admin.token)).status).toBe(200);
    for (const [object, id] of [
      [answerId, a.body.data.comment_id],
      [questionId, b.body.data.comment_id],
    ] as const) {
      const page = await s.call<CommentPage>({
        method: 'GET',
        url: `${URL}/page`,
        query: { object_id: object, page: '1', page_size: '100' },
      });
      expect(page.body.data.list.map((c) => c.comment_id)).not.toContain(id);
      expect((await s.call({ method: 'GET', url: URL, query: { id } })).status).toBe(404);
      // A deleted comment cannot be edited or replied to.
      expect(
        (
          await s.call({
            method: 'PUT',
            url: URL,
            payload: { comment_id: id, original_text: 'revive' },
            token: s.admin.token,
          })
        ).status,
      ).toBe(404);
      expect(
        (await post({ object_id: object, original_text: unique('reply to gone'), reply_comment_id: id }, s.alice.token))
          .status,
      ).toBe(404);
    }
  });
});
