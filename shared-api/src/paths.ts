// Path builders for links that cross remotes (remotes never build each other's paths by hand; docs/product-rules.md).
import { fromInputId } from './short-id';

/** Permalink modes: 1 and 3 include the slug; 3 and 4 use short ids. */
export type Permalink = 0 | 1 | 2 | 3 | 4;

const enc = encodeURIComponent;

export function questionPath(id: string, urlTitle?: string, permalink: Permalink = 2): string {
  const withSlug = (permalink === 1 || permalink === 3) && !!urlTitle;
  return withSlug ? `/questions/${enc(id)}/${enc(urlTitle)}` : `/questions/${enc(id)}`;
}

/** An answer's link: its question's link (the same permalink form) plus the answer id. */
export function answerPath(questionId: string, answerId: string, urlTitle?: string, permalink: Permalink = 2): string {
  return `${questionPath(questionId, urlTitle, permalink)}/${enc(answerId)}`;
}

/** An answer id, long (`1` + type 002 + counter) or in its short form. */
const ANSWER_ID = /^1002\d{13}$/;

/**
 * The answer a question route points at. Without a slug (permalink 2 and 4, or no url_title) the answer id
 * is the segment right after the question id, where a slug would otherwise be: that segment is the answer
 * when it is an answer id and not the question's own url_title.
 */
export function answerIdOfRoute(
  params: { slugPermalink?: string; aid?: string },
  urlTitle: string | undefined,
): string | undefined {
  if (params.aid) return params.aid;
  const segment = params.slugPermalink;
  if (!segment || segment === urlTitle) return undefined;
  return ANSWER_ID.test(fromInputId(segment)) ? segment : undefined;
}

/**
 * Where a flagged or reviewed object is read: the question, or the answer in its question (a comment:
 * the post it is on). `answerId` is '' or '0' when the object is not on an answer.
 */
export function postPath(ref: { question_id: string; answer_id: string; url_title?: string }): string {
  if (ref.answer_id && ref.answer_id !== '0') return answerPath(ref.question_id, ref.answer_id, ref.url_title);
  return questionPath(ref.question_id, ref.url_title);
}

/**
 * Where a notification leads (its `object_map`): a badge award to the badge, a comment to its answer or
 * question with `?commentId=` (which the question page scrolls to and highlights), an answer to the answer
 * in its question, anything else to the question. Null when the map names nothing to open.
 */
export function notificationTargetPath(map: Readonly<Record<string, string | undefined>>): string | null {
  if (map.badge_id) return paths.badge(map.badge_id);
  if (map.tag) return paths.tag(map.tag);
  const question = map.question;
  if (!question || question === '0') return null;
  const answer = map.answer && map.answer !== '0' ? map.answer : undefined;
  const base = answer ? answerPath(question, answer) : questionPath(question);
  const comment = map.comment && map.comment !== '0' ? map.comment : undefined;
  return comment ? `${base}?commentId=${enc(comment)}` : base;
}

export const paths = {
  home: () => '/',
  questions: () => '/questions',
  ask: (tag?: string) => (tag ? `/questions/ask?tags=${enc(tag)}` : '/questions/ask'),
  search: (q: string) => `/search?q=${enc(q)}`,
  tags: () => '/tags',
  tag: (slug: string) => `/tags/${enc(slug)}`,
  tagInfo: (slug: string) => `/tags/${enc(slug)}/info`,
  tagEdit: (tagId: string) => `/tags/${enc(tagId)}/edit`,
  /** Timelines (logged in): a question's, an answer's, a tag's (by id). */
  questionTimeline: (questionId: string) => `/posts/${enc(questionId)}/timeline`,
  answerTimeline: (questionId: string, answerId: string) => `/posts/${enc(questionId)}/${enc(answerId)}/timeline`,
  tagTimeline: (tagId: string) => `/tags/${enc(tagId)}/timeline`,
  users: () => '/users',
  badges: () => '/badges',
  badge: (id: string) => `/badges/${enc(id)}`,
  user: (username: string) => `/users/${enc(username)}`,
  userTab: (username: string, tab: string) => `/users/${enc(username)}/${enc(tab)}`,
  bookmarks: (username: string) => `/users/${enc(username)}/bookmarks`,
  mention: (name: string) => `/u/${enc(name)}`,
  settings: () => '/users/settings',
  /** The notification tabs; the inbox has sub-types (all, posts, votes, invites), 'all' being the bare tab. */
  notifications: (type: 'inbox' | 'achievement' = 'inbox', subType?: string) =>
    subType && subType !== 'all' ? `/users/notifications/${type}/${enc(subType)}` : `/users/notifications/${type}`,
  login: () => '/users/login',
  inactive: () => '/users/login?status=inactive',
  register: () => '/users/register',
  /**
   * The suspended page; `until` (Unix s, 0 = forever) when the session has already ended, so the page
   * can still say until when (a member the server no longer knows has no suspension to read).
   */
  accountSuspended: (until?: number) =>
    until === undefined
      ? '/users/account-suspended'
      : `/users/account-suspended?until=${Math.max(0, Math.floor(until))}`,
  activationFailed: () => '/users/account-activation/failed',
  review: () => '/review',
  admin: (sub?: string) => (sub ? `/admin/${sub}` : '/admin'),
  install: () => '/install',
  maintenance: () => '/maintenance',
  tos: () => '/tos',
  privacy: () => '/privacy',
} as const;

/**
 * Paths where session errors (403 page, 404 page, 50X page, login-required) do not redirect: the account
 * pages a visitor must still reach (docs/product-rules.md).
 */
export const IGNORED_PATHS = [
  '/users/login',
  '/users/register',
  '/users/account-recovery',
  '/users/change-email',
  '/users/password-reset',
  '/users/account-activation',
  '/users/account-activation/success',
  '/users/account-activation/failed',
  '/users/confirm-new-email',
  '/users/confirm-email',
  '/users/auth-landing',
  '/users/account-suspended',
  '/user-center/',
] as const;

/** The end of a suspension carried by the suspended page's address (see `paths.accountSuspended`), or null. */
export function suspendedUntilOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('until');
  if (raw === null || !/^\d{1,12}$/.test(raw)) return null;
  return Number(raw);
}

export function isIgnoredPath(pathname: string): boolean {
  return IGNORED_PATHS.some((p) => (p.endsWith('/') ? pathname.startsWith(p) : pathname === p));
}

/** A stand-in origin: a path that resolves against it to another origin leaves the site. */
const SAME_SITE = 'http://same-site.invalid';

/**
 * The same-site path (path, search, hash) a value names, or null. Used for every in-app return target, so
 * that it can never send the browser elsewhere: a protocol-relative `//host`, `/\host` (browsers read the
 * backslash as a slash), a scheme (`javascript:`, `https:`), control characters the URL parser drops
 * (`/\t/host`) and dot segments that normalise into `//host` are all refused.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === SAME_SITE && !path.startsWith('//') ? path : null;
}
