import { Type, type Static } from 'typebox';
import { CaptchaFields } from './captcha';
import { PageNumber, PageSize } from './paging';
import { TagResp } from './question';
import { UserStatus } from './user';

// Search (docs/wire-contract.md; the /search?q= route, sorts and syntax in docs/product-rules.md).
// Times are Unix seconds.

/** The longest query text accepted (docs/wire-contract.md). */
export const SEARCH_QUERY_MAX = 60;
/** Search page size: default and largest. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PAGE_SIZE_MAX = 50;

/** Search sorts; relevance is the default. */
export const SearchOrder = Type.Union([
  Type.Literal('relevance'),
  Type.Literal('newest'),
  Type.Literal('active'),
  Type.Literal('score'),
]);
export type SearchOrder = Static<typeof SearchOrder>;

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX }),
  order: Type.Optional(SearchOrder),
  page: Type.Optional(PageNumber),
  /** The page size; above SEARCH_PAGE_SIZE_MAX it is served as that many. */
  size: Type.Optional(PageSize(SEARCH_PAGE_SIZE_MAX)),
  ...CaptchaFields,
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  rank: Type.Integer(),
  status: UserStatus,
});
export type SearchUser = Static<typeof SearchUser>;

/**
 * A hit: a question (id = question_id) or an answer (title, tags and answer_count are its question's).
 * `excerpt` is plain text (no markup) around the first matched word, at most 240 characters;
 * `accepted` is the question's "has an accepted answer" or the answer's "is accepted".
 */
export const SearchObject = Type.Object({
  id: Type.String(),
  question_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  excerpt: Type.String(),
  created_at: Type.Integer(),
  vote_count: Type.Integer(),
  accepted: Type.Boolean(),
  answer_count: Type.Integer(),
  user_info: SearchUser,
  tags: Type.Array(TagResp),
  /** 'available' or 'closed' (the question's). */
  status: Type.String(),
});
export type SearchObject = Static<typeof SearchObject>;

export const SearchItem = Type.Object({
  object_type: Type.Union([Type.Literal('question'), Type.Literal('answer')]),
  object: SearchObject,
});
export type SearchItem = Static<typeof SearchItem>;

export const SearchResp = Type.Object({ count: Type.Integer(), list: Type.Array(SearchItem) });
export type SearchResp = Static<typeof SearchResp>;

/** GET search/desc: the active search plugin (empty strings: none, the built-in search). */
export const SearchDesc = Type.Object({ name: Type.String(), icon: Type.String(), link: Type.String() });
export type SearchDesc = Static<typeof SearchDesc>;
