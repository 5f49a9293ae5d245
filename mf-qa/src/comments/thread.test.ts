import { describe, expect, it } from 'vitest';
import type { CommentPage } from './api';
import { commentRow, commentRows } from './test-utils';
import { firstThread, hasMore, nextPages, threadReducer, type ThreadState } from './thread';

const page = (list: ReturnType<typeof commentRows>, count: number): CommentPage => ({ list, count });
const ids = (state: ThreadState) => state.items.map((c) => Number(c.comment_id.slice(-5)));

describe('comment thread paging', () => {
  it('reads the next oldest-first page, and the one before it after a deletion moved the rest up', () => {
    let state = firstThread(page([commentRow(20), commentRow(1), commentRow(2)], 40));
    expect(nextPages(state)).toEqual([1]);
    state = threadReducer(state, { type: 'more', pages: [page(commentRows(1, 15), 40)], through: 1 });
    expect(ids(state)).toEqual([20, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(nextPages(state)).toEqual([2]);

    // Deleting a comment the oldest-first walk has passed: the server's page 2 now starts at number 17.
    state = threadReducer(state, { type: 'removed', id: commentRow(5).comment_id });
    expect(state.count).toBe(39);
    expect(nextPages(state)).toEqual([1, 2]);
    const rest = commentRows(1, 40).filter((c) => c.comment_id !== commentRow(5).comment_id);
    state = threadReducer(state, {
      type: 'more',
      pages: [page(rest.slice(0, 15), 39), page(rest.slice(15, 30), 39)],
      through: 2,
    });
    // 16 is not skipped, nothing repeats.
    expect(ids(state)).toEqual([
      20, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    ]);
    expect(nextPages(state)).toEqual([3]);
    expect(hasMore(state)).toBe(true);
  });

  it('a deletion in the first page only (not walked yet) moves nothing', () => {
    let state = firstThread(page([commentRow(30), commentRow(1), commentRow(2)], 40));
    state = threadReducer(state, { type: 'removed', id: commentRow(30).comment_id });
    expect(nextPages(state)).toEqual([1]);
  });

  it('has nothing more once every comment is shown, counting the ones posted here', () => {
    let state = firstThread(page(commentRows(1, 3), 3));
    expect(hasMore(state)).toBe(false);
    state = threadReducer(state, { type: 'added', comment: commentRow(4) });
    expect(state.count).toBe(4);
    expect(hasMore(state)).toBe(false);
  });

  it('puts a reply after its parent and the replies already under it', () => {
    const parent = commentRow(1);
    const reply = (n: number) => commentRow(n, { reply_comment_id: parent.comment_id });
    let state = firstThread(page([parent, reply(2), commentRow(3)], 3));
    state = threadReducer(state, { type: 'added', comment: reply(4) });
    expect(ids(state)).toEqual([1, 2, 4, 3]);
  });

  it('keeps comments posted here last when older pages arrive', () => {
    let state = firstThread(page(commentRows(1, 3), 20));
    state = threadReducer(state, { type: 'added', comment: commentRow(21) });
    state = threadReducer(state, {
      type: 'added',
      comment: commentRow(22, { reply_comment_id: commentRow(21).comment_id }),
    });
    state = threadReducer(state, { type: 'more', pages: [page(commentRows(1, 15), 22)], through: 1 });
    expect(ids(state)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 21, 22]);
    expect(hasMore(state)).toBe(true);
  });
});
