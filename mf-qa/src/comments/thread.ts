// The comments shown under one question or answer, and how paging, posting and deleting change them
// (docs/product-rules.md). Pure: the component feeds it the server's pages and its own results.
import { MORE_PAGE_SIZE, type Comment, type CommentPage } from './api';

export interface ThreadState {
  /** Display order: the first page (most votes first), then the later pages (oldest first), minus repeats. */
  items: Comment[];
  /** How many comments the server has, kept up to date with what was posted and deleted here. */
  count: number;
  /** Oldest-first pages of MORE_PAGE_SIZE loaded so far (0: only the first page). */
  pagesLoaded: number;
  /** Ids those oldest-first pages returned: the part of that order already walked through. */
  walked: ReadonlySet<string>;
  /**
   * Comments deleted here from the walked part: the server's later pages now start that many places
   * earlier, so the next load also reads the page(s) before it (repeats are dropped, nothing is skipped).
   */
  shift: number;
  /** New top-level comments posted here: they stay last, after pages loaded later. */
  posted: ReadonlySet<string>;
}

export type ThreadAction =
  | { type: 'first'; page: CommentPage }
  | { type: 'more'; pages: CommentPage[]; through: number }
  | { type: 'added'; comment: Comment }
  | { type: 'patched'; id: string; patch: Partial<Comment> }
  | { type: 'removed'; id: string };

export const emptyThread: ThreadState = {
  items: [],
  count: 0,
  pagesLoaded: 0,
  walked: new Set(),
  shift: 0,
  posted: new Set(),
};

/** The first page: 3 comments by votes (the linked comment first when there is one). */
export function firstThread(page: CommentPage): ThreadState {
  return { ...emptyThread, items: unique(page.list), count: page.count };
}

function unique(list: Comment[]): Comment[] {
  const seen = new Set<string>();
  return list.filter((c) => (seen.has(c.comment_id) ? false : (seen.add(c.comment_id), true)));
}

/** Whether 'show more' has anything left to load. */
export function hasMore(state: ThreadState): boolean {
  if (state.items.length >= state.count) return false;
  // The oldest-first walk is complete once its pages cover every comment the server still has.
  return state.pagesLoaded === 0 || state.pagesLoaded * MORE_PAGE_SIZE - state.shift < state.count;
}

/** The oldest-first pages the next 'show more' reads: the next one, plus earlier ones a deletion moved. */
export function nextPages(state: ThreadState): number[] {
  const next = state.pagesLoaded + 1;
  const back = Math.min(state.pagesLoaded, Math.ceil(state.shift / MORE_PAGE_SIZE));
  return Array.from({ length: back + 1 }, (_, i) => next - back + i);
}

/** Where a new comment goes: a reply right after its parent (and the replies already under it), others last. */
function insertNew(items: Comment[], comment: Comment): Comment[] {
  const rest = items.filter((c) => c.comment_id !== comment.comment_id);
  const parentAt = comment.reply_comment_id ? rest.findIndex((c) => c.comment_id === comment.reply_comment_id) : -1;
  if (parentAt < 0) return [...rest, comment];
  let at = parentAt + 1;
  while (at < rest.length && rest[at]!.reply_comment_id === comment.reply_comment_id) at += 1;
  return [...rest.slice(0, at), comment, ...rest.slice(at)];
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'first':
      return firstThread(action.page);
    case 'more': {
      const known = new Set(state.items.map((c) => c.comment_id));
      const walked = new Set(state.walked);
      const fresh: Comment[] = [];
      for (const page of action.pages) {
        for (const comment of page.list) {
          walked.add(comment.comment_id);
          if (known.has(comment.comment_id)) continue;
          known.add(comment.comment_id);
          fresh.push(comment);
        }
      }
      const last = action.pages.at(-1);
      const tailAt = state.items.findIndex((c) => state.posted.has(c.comment_id));
      const at = tailAt < 0 ? state.items.length : tailAt;
      return {
        ...state,
        items: [...state.items.slice(0, at), ...fresh, ...state.items.slice(at)],
        count: last ? last.count : state.count,
        pagesLoaded: Math.max(state.pagesLoaded, action.through),
        walked,
        shift: 0,
      };
    }
    case 'added': {
      const topLevel = !state.items.some((c) => c.comment_id === action.comment.reply_comment_id);
      return {
        ...state,
        items: insertNew(state.items, action.comment),
        count: state.count + 1,
        posted: topLevel ? new Set(state.posted).add(action.comment.comment_id) : state.posted,
      };
    }
    case 'patched':
      return {
        ...state,
        items: state.items.map((c) => (c.comment_id === action.id ? { ...c, ...action.patch } : c)),
      };
    case 'removed': {
      if (!state.items.some((c) => c.comment_id === action.id)) return state;
      return {
        ...state,
        items: state.items.filter((c) => c.comment_id !== action.id),
        count: Math.max(0, state.count - 1),
        shift: state.shift + (state.walked.has(action.id) ? 1 : 0),
      };
    }
  }
}
