// Wire contract shared by the browser (types, runtime checks) and the server (validation, serialization).
export { Envelope, ErrorEnvelope, ErrType, FieldError, ForbiddenType, Id, Page } from './envelope';
export { RemoteEntry, RemoteList, PluginRemote, CORE_REMOTES, type CoreRemote } from './remotes';
export {
  SiteBranding,
  SiteCustomCssHtml,
  SiteGeneral,
  SiteInfo,
  SiteInterface,
  SiteLogin,
  SiteSecurity,
  SiteSeo,
  SiteTheme,
  SiteUsers,
  ThemeConfig,
} from './site';
export { LegalInfo, LegalQuery, SitePolicies } from './legal';
export { LanguageOption, LanguageOptions } from './language';
export {
  ConnectorInfoList,
  ConnectorUserInfoList,
  PluginStatus,
  PluginStatusList,
  UserCenterAgent,
  UserPluginConfigList,
} from './plugin';
export { CLAMP_TO_MAXIMUM, PAGE_MAX, PAGE_SIZE_MAX, PageNumber, PageSize, Paging, QUESTION_PAGE_SIZE } from './paging';
export { AvatarInfo, CurrentUser, NotificationStatus, RoleId, UserStatus } from './user';
export { LoginEmailBody, UserLogin } from './auth';
export { ConfigFileCheckResult, DbCheckResult, InstallBaseInfoBody, InstallDbBody, InstallDbType } from './install';
export { ReasonAction, ReasonContentType, ReasonItem, ReasonList, ReasonObjectType, ReasonsQuery } from './reason';
export { PermissionMap, PermissionQuery, PermissionResult } from './permission';
export {
  EDIT_SUMMARY_MAX,
  MemberAction,
  PostContent,
  PostDeleteBody,
  PostTagInput,
  PostTags,
  PostUserInfo,
  PostVoteStatus,
  QuestionAddBody,
  QuestionEditBody,
  QuestionEditResult,
  QuestionInfo,
  QuestionInfoQuery,
  QuestionOperationInfo,
  QuestionOperationType,
  QuestionOperator,
  QuestionOrder,
  QuestionPage,
  QuestionPageItem,
  QuestionPageQuery,
  QuestionTitle,
  TagResp,
} from './question';
export * from './accounts';
export * from './captcha';
export * from './smtp';
export * from './profile';
export * from './comment';
export * from './vote';
export * from './render';
export * from './answer';
export {
  AnswerRecoverBody,
  InvitedUsers,
  QuestionCloseBody,
  QuestionInviteBody,
  QuestionInviteQuery,
  QuestionOperationBody,
  QuestionOperationName,
  QuestionReopenBody,
  QuestionRecoverBody,
  QuestionTagsQuery,
  RelatedQuestionsQuery,
  RevisionEditCheckQuery,
  SettingTag,
  SimilarQuestion,
  SimilarQuestions,
  SimilarQuestionsQuery,
  SiteQuestions,
  SiteTags,
  TagBrief,
  TagBriefList,
  TagsBySlugQuery,
  UserSearchQuery,
  UserSearchResult,
} from './question-ops';
export * from './report';
export * from './review';
export * from './timeline';
export * from './tag';
export * from './search';
export * from './admin-users';
export * from './admin-content';
export * from './admin-settings';
export {
  BadgeAwardPopup,
  InboxType,
  NotificationItem,
  NotificationObjectInfo,
  NotificationPage,
  NotificationPageQuery,
  NotificationReadBody,
  NotificationType,
  NotificationTypeBody,
  NotificationUser,
} from './notification';
export {
  AdminBadgeItem,
  AdminBadgePage,
  AdminBadgeStatusBody,
  AdminBadgesQuery,
  BadgeAwardItem,
  BadgeAwardPage,
  BadgeAwardsQuery,
  BadgeDetail,
  BadgeGroupList,
  BadgeLevel,
  BadgeQuery,
  BadgeSummary,
  UserBadge,
  UserBadgePage,
  UserBadgesQuery,
} from './badge';
export {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  AdminAuditItem,
  AdminAuditPage,
  AdminAuditQuery,
  AuditAction,
  AuditDetail,
  AuditTargetType,
} from './audit';
export { AdminJob, AdminJobQuery, JOB_STATES, JobFailure, JobState } from './job';
