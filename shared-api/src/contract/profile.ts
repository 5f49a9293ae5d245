import { Type, type Static, type TSchema } from 'typebox';
import { PageSize, Paging } from './paging';
import { TagResp } from './question';
import { UserBasicInfo, UserStatus } from './user';

// Profiles, users settings, the users list and uploads (docs/wire-contract.md).
// Avatars in these shapes are URL strings: '' for the letter (system) avatar.

export { UserBasicInfo } from './user';

/** GET personal/user/info?username (pub). Public fields only: never an e-mail address or a secret. */
export const PersonalUserQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
export type PersonalUserQuery = Static<typeof PersonalUserQuery>;

export const PersonalUserInfo = Type.Object({
  id: Type.String(),
  created_at: Type.Integer(),
  last_login_date: Type.Integer(),
  username: Type.String(),
  follow_count: Type.Integer(),
  answer_count: Type.Integer(),
  question_count: Type.Integer(),
  rank: Type.Integer(),
  display_name: Type.String(),
  avatar: Type.String(),
  bio: Type.String(),
  bio_html: Type.String(),
  website: Type.String(),
  location: Type.String(),
  status: UserStatus,
  suspended_until: Type.Integer(),
});
export type PersonalUserInfo = Static<typeof PersonalUserInfo>;

export const AvatarType = Type.Union([
  Type.Literal('system'),
  Type.Literal('default'),
  Type.Literal('gravatar'),
  Type.Literal('custom'),
]);
export type AvatarType = Static<typeof AvatarType>;

/**
 * PUT user/info (active). Unknown keys (role_id, rank, status, e_mail ...) are refused with a field
 * error (additionalProperties: false). Lengths and formats are checked by the server with their own
 * messages; the schema only caps sizes.
 */
export const UpdateUserInfoBody = Type.Object(
  {
    display_name: Type.String({ maxLength: 200 }),
    username: Type.String({ maxLength: 200 }),
    avatar: Type.Optional(
      Type.Object(
        {
          type: AvatarType,
          gravatar: Type.Optional(Type.String({ maxLength: 200 })),
          custom: Type.Optional(Type.String({ maxLength: 1000 })),
        },
        { additionalProperties: false },
      ),
    ),
    bio: Type.Optional(Type.String({ maxLength: 20000 })),
    website: Type.Optional(Type.String({ maxLength: 2000 })),
    location: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type UpdateUserInfoBody = Static<typeof UpdateUserInfoBody>;

export const ColorScheme = Type.Union([
  Type.Literal('default'),
  Type.Literal('light'),
  Type.Literal('dark'),
  Type.Literal('system'),
]);
export type ColorScheme = Static<typeof ColorScheme>;

/** PUT user/interface (active): language 'Default' or a language option value; an unknown scheme is 'default'. */
export const UpdateInterfaceBody = Type.Object(
  {
    language: Type.String({ minLength: 1, maxLength: 20 }),
    color_scheme: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type UpdateInterfaceBody = Static<typeof UpdateInterfaceBody>;

export const NotificationChannel = Type.Object(
  { key: Type.Literal('email'), enable: Type.Boolean() },
  { additionalProperties: false },
);
/** GET/PUT user/notification/config (active). */
export const NotificationConfig = Type.Object(
  {
    inbox: NotificationChannel,
    all_new_question: NotificationChannel,
    all_new_question_for_following_tags: NotificationChannel,
    /**
     * Our addition: a weekly e-mail digest of new questions in followed tags (off by default). Absent on
     * PUT: left as it is.
     */
    weekly_digest: Type.Optional(NotificationChannel),
  },
  { additionalProperties: false },
);
export type NotificationConfig = Static<typeof NotificationConfig>;

/** GET user/ranking (pub). */
export const RankingUser = Type.Object({
  username: Type.String(),
  rank: Type.Integer(),
  vote_count: Type.Integer(),
  display_name: Type.String(),
  avatar: Type.String(),
});
export type RankingUser = Static<typeof RankingUser>;
export const UserRanking = Type.Object({
  users_with_the_most_reputation: Type.Array(RankingUser),
  users_with_the_most_vote: Type.Array(RankingUser),
  staffs: Type.Array(RankingUser),
});
export type UserRanking = Static<typeof UserRanking>;

/** GET user/staff (pub). */
export const StaffQuery = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 100 })),
  page_size: Type.Optional(PageSize()),
});
export type StaffQuery = Static<typeof StaffQuery>;
export const StaffUser = Type.Object({ username: Type.String(), display_name: Type.String(), avatar: Type.String() });
export const StaffList = Type.Array(StaffUser);
export type StaffList = Static<typeof StaffList>;

/** GET user/info/search (active): at most 5 members whose username or display name starts with `username`. */
export const UserSearchQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 500 }) });
export type UserSearchQuery = Static<typeof UserSearchQuery>;
export const UserSearchResult = Type.Array(UserBasicInfo);
export type UserSearchResult = Static<typeof UserSearchResult>;

const paging = Paging();

/** Orders of a member's question and answer lists. */
export const PersonalOrder = Type.Union([
  Type.Literal('newest'),
  Type.Literal('active'),
  Type.Literal('hot'),
  Type.Literal('score'),
  Type.Literal('unanswered'),
]);
export type PersonalOrder = Static<typeof PersonalOrder>;

export const PersonalPageQuery = Type.Object({
  ...paging,
  username: Type.String({ minLength: 1, maxLength: 100 }),
  order: Type.Optional(PersonalOrder),
});
export type PersonalPageQuery = Static<typeof PersonalPageQuery>;

/** Own-only pages (collection, vote): the logged-in member's. */
export const OwnPageQuery = Type.Object(paging);
export type OwnPageQuery = Static<typeof OwnPageQuery>;

export const UserQuestion = Type.Object({
  question_id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  vote_count: Type.Integer(),
  tags: Type.Array(TagResp),
  view_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  created_at: Type.Integer(),
  accepted_answer_id: Type.String(),
  status: Type.Integer(),
  /** 1 listed, 2 unlisted (only the author and staff see their unlisted questions). */
  show: Type.Integer(),
});
export type UserQuestion = Static<typeof UserQuestion>;

export const UserAnswer = Type.Object({
  answer_id: Type.String(),
  question_id: Type.String(),
  /** 1 no, 2 accepted. */
  accepted: Type.Integer(),
  vote_count: Type.Integer(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  question_info: Type.Object({ title: Type.String(), url_title: Type.String(), tags: Type.Array(TagResp) }),
});
export type UserAnswer = Static<typeof UserAnswer>;

export const QaTopQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) });
export const QaTop = Type.Object({ question: Type.Array(UserQuestion), answer: Type.Array(UserAnswer) });
export type QaTop = Static<typeof QaTop>;

const page = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), list: Type.Array(item) });

export const UserQuestionPage = page(UserQuestion);
export type UserQuestionPage = Static<typeof UserQuestionPage>;
export const UserAnswerPage = page(UserAnswer);
export type UserAnswerPage = Static<typeof UserAnswerPage>;

export const ObjectType = Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('comment')]);

export const UserComment = Type.Object({
  comment_id: Type.String(),
  created_at: Type.Integer(),
  object_id: Type.String(),
  question_id: Type.String(),
  /** '' when the comment is on the question. */
  answer_id: Type.String(),
  object_type: ObjectType,
  title: Type.String(),
  url_title: Type.String(),
  /** The comment's sanitized HTML. */
  content: Type.String(),
});
export type UserComment = Static<typeof UserComment>;
export const UserCommentPage = page(UserComment);
export type UserCommentPage = Static<typeof UserCommentPage>;

/** A reputation change (GET personal/rank/page); object_type '' for the account itself (activation). */
export const UserRankItem = Type.Object({
  created_at: Type.Integer(),
  object_id: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  object_type: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  reputation: Type.Integer(),
  rank_type: Type.String(),
});
export type UserRankItem = Static<typeof UserRankItem>;
export const UserRankPage = page(UserRankItem);
export type UserRankPage = Static<typeof UserRankPage>;

/** One of the member's own votes (GET personal/vote/page). */
export const UserVoteItem = Type.Object({
  created_at: Type.Integer(),
  object_id: Type.String(),
  question_id: Type.String(),
  answer_id: Type.String(),
  object_type: ObjectType,
  title: Type.String(),
  url_title: Type.String(),
  content: Type.String(),
  vote_type: Type.String(),
});
export type UserVoteItem = Static<typeof UserVoteItem>;
export const UserVotePage = page(UserVoteItem);
export type UserVotePage = Static<typeof UserVotePage>;

/** A bookmarked question (GET personal/collection/page): the QuestionInfo fields a list shows. */
export const CollectionItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  description: Type.String(),
  tags: Type.Array(TagResp),
  view_count: Type.Integer(),
  unique_view_count: Type.Integer(),
  vote_count: Type.Integer(),
  answer_count: Type.Integer(),
  collection_count: Type.Integer(),
  follow_count: Type.Integer(),
  accepted_answer_id: Type.String(),
  last_answer_id: Type.String(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  status: Type.Integer(),
  pin: Type.Integer(),
  show: Type.Integer(),
  collected: Type.Boolean(),
  user_info: UserBasicInfo,
});
export type CollectionItem = Static<typeof CollectionItem>;
export const CollectionPage = page(CollectionItem);
export type CollectionPage = Static<typeof CollectionPage>;

/** POST file (multipart): where the file will be used. */
export const UploadSource = Type.Union([Type.Literal('avatar'), Type.Literal('post'), Type.Literal('branding')]);
export type UploadSource = Static<typeof UploadSource>;
/** Upload size limit: each file at most 4 MB. */
export const UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
