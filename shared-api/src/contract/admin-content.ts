import { Type, type Static } from 'typebox';
import { Id, Page } from './envelope';
import { Paging } from './paging';
import { FlaggedPost } from './review';
import { UserBasicInfo } from './user';

// The admin API's content lists, flags, dashboard and plugins (/answer/admin/api, administrators only).

/** Admin question filters: `normal` means available (listed or not); `pending` is the review queue's status 11. */
export const AdminQuestionStatus = Type.Union([
  Type.Literal('normal'),
  Type.Literal('closed'),
  Type.Literal('deleted'),
  Type.Literal('pending'),
]);
export type AdminQuestionStatus = Static<typeof AdminQuestionStatus>;

/** GET question/page: `query` is a title fragment, or `question:<id>` for one question. */
export const AdminQuestionsQuery = Type.Object({
  ...Paging(),
  status: Type.Optional(AdminQuestionStatus),
  query: Type.Optional(Type.String({ maxLength: 100 })),
});
export type AdminQuestionsQuery = Static<typeof AdminQuestionsQuery>;

export const AdminQuestionItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  url_title: Type.String(),
  vote_count: Type.Integer(),
  /** 1 listed, 2 unlisted. */
  show: Type.Integer(),
  /** 1 not pinned, 2 pinned. */
  pin: Type.Integer(),
  answer_count: Type.Integer(),
  accepted_answer_id: Type.String(),
  /** The question's status number (1 available, 2 closed, 10 deleted, 11 pending). */
  status: Type.Integer(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  edit_time: Type.Integer(),
  user_info: UserBasicInfo,
});
export type AdminQuestionItem = Static<typeof AdminQuestionItem>;
export const AdminQuestionPage = Page(AdminQuestionItem);
export type AdminQuestionPage = Static<typeof AdminQuestionPage>;

/** PUT question/status: `available` reopens or restores. */
export const AdminQuestionStatusBody = Type.Object({
  question_id: Id,
  status: Type.Union([Type.Literal('available'), Type.Literal('closed'), Type.Literal('deleted')]),
  /** closed: a close reason's config id and its remark when the reason takes one. */
  close_type: Type.Optional(Type.Integer({ minimum: 1 })),
  close_msg: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AdminQuestionStatusBody = Static<typeof AdminQuestionStatusBody>;

export const AdminAnswerStatus = Type.Union([Type.Literal('normal'), Type.Literal('deleted'), Type.Literal('pending')]);
export type AdminAnswerStatus = Static<typeof AdminAnswerStatus>;

/** GET answer/page: `query` is `answer:<id>` or a fragment of the question's title. */
export const AdminAnswersQuery = Type.Object({
  ...Paging(),
  status: Type.Optional(AdminAnswerStatus),
  query: Type.Optional(Type.String({ maxLength: 100 })),
  question_id: Type.Optional(Id),
});
export type AdminAnswersQuery = Static<typeof AdminAnswersQuery>;

export const AdminAnswerItem = Type.Object({
  id: Type.String(),
  question_id: Type.String(),
  /** The answer's text (markdown), for a short excerpt. */
  description: Type.String(),
  status: Type.Integer(),
  create_time: Type.Integer(),
  update_time: Type.Integer(),
  accepted: Type.Integer(),
  user_info: UserBasicInfo,
  vote_count: Type.Integer(),
  question_info: Type.Object({ title: Type.String(), url_title: Type.String() }),
});
export type AdminAnswerItem = Static<typeof AdminAnswerItem>;
export const AdminAnswerPage = Page(AdminAnswerItem);
export type AdminAnswerPage = Static<typeof AdminAnswerPage>;

export const AdminAnswerStatusBody = Type.Object({
  answer_id: Id,
  status: Type.Union([Type.Literal('available'), Type.Literal('deleted')]),
});
export type AdminAnswerStatusBody = Static<typeof AdminAnswerStatusBody>;

/**
 * Our addition, GET reports/page: every flag, pending or completed, newest first (the admin Flags
 * screen). A pending one is handled with the review queue's PUT report/review.
 */
export const AdminReportsQuery = Type.Object({
  ...Paging(),
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('completed')])),
});
export type AdminReportsQuery = Static<typeof AdminReportsQuery>;
export const AdminReportItem = Type.Object({
  ...FlaggedPost.properties,
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
  /** What settled it (a report/review operation, or `resolved` when the object was gone); '' while pending. */
  action: Type.String(),
  /** When it was settled (Unix seconds), 0 while pending. */
  handled_at: Type.Integer(),
});
export type AdminReportItem = Static<typeof AdminReportItem>;
export const AdminReportPage = Page(AdminReportItem);
export type AdminReportPage = Static<typeof AdminReportPage>;

/** One day of the dashboard's activity chart (`date` is YYYY-MM-DD in the site's time zone). */
export const DashboardDay = Type.Object({
  date: Type.String(),
  questions: Type.Integer(),
  answers: Type.Integer(),
  users: Type.Integer(),
});
export type DashboardDay = Static<typeof DashboardDay>;

/** GET dashboard. Sizes in bytes; times in Unix seconds. */
export const AdminDashboard = Type.Object({
  info: Type.Object({
    question_count: Type.Integer(),
    resolved_count: Type.Integer(),
    /** Percent, 0-100, one decimal. */
    resolved_rate: Type.Number(),
    unanswered_count: Type.Integer(),
    unanswered_rate: Type.Number(),
    answer_count: Type.Integer(),
    comment_count: Type.Integer(),
    vote_count: Type.Integer(),
    user_count: Type.Integer(),
    /** Pending flags. */
    report_count: Type.Integer(),
    uploading_files: Type.Boolean(),
    smtp: Type.Boolean(),
    https: Type.Boolean(),
    time_zone: Type.String(),
    occupying_storage_space: Type.Integer(),
    app_start_time: Type.Integer(),
    version_info: Type.Object({ version: Type.String(), revision: Type.String(), remote_version: Type.String() }),
    login_required: Type.Boolean(),
    /** Our additions: the runtime, the database kind (sqlite, postgres, mysql), its version and size, uploads' size. */
    runtime_version: Type.String(),
    database_type: Type.String(),
    database_version: Type.String(),
    database_size: Type.Integer(),
    uploads_size: Type.Integer(),
    /**
     * Our addition: `ok` (remote_version set), `failed` (no answer), `off` (check_update is off),
     * `unconfigured` (the server has no release feed to ask).
     */
    update_check: Type.Union([
      Type.Literal('ok'),
      Type.Literal('failed'),
      Type.Literal('off'),
      Type.Literal('unconfigured'),
    ]),
  }),
  /** Our addition: the last 30 days, oldest first. */
  activity: Type.Array(DashboardDay),
});
export type AdminDashboard = Static<typeof AdminDashboard>;

/** GET plugins (?status=active|inactive&have_config). */
export const AdminPluginsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  have_config: Type.Optional(Type.Boolean()),
});
export type AdminPluginsQuery = Static<typeof AdminPluginsQuery>;
export const AdminPlugin = Type.Object({
  name: Type.String(),
  slug_name: Type.String(),
  description: Type.String(),
  version: Type.String(),
  enabled: Type.Boolean(),
  have_config: Type.Boolean(),
  link: Type.String(),
  /** Our addition: a newer version is known (the Outdated filter). */
  outdated: Type.Boolean(),
});
export type AdminPlugin = Static<typeof AdminPlugin>;
export const AdminPluginList = Type.Array(AdminPlugin);
export type AdminPluginList = Static<typeof AdminPluginList>;

/** PUT plugin/status. */
export const AdminPluginStatusBody = Type.Object({
  plugin_slug_name: Type.String({ minLength: 2, maxLength: 100 }),
  enabled: Type.Boolean(),
});
export type AdminPluginStatusBody = Static<typeof AdminPluginStatusBody>;

/** GET theme/options. */
export const ThemeOptions = Type.Array(Type.Object({ label: Type.String(), value: Type.String() }));
export type ThemeOptions = Static<typeof ThemeOptions>;
