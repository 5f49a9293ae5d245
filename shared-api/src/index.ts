export {
  api,
  adminApi,
  installApi,
  ApiClient,
  configureClient,
  API_BASE,
  ADMIN_API_BASE,
  REQUEST_TIMEOUT_MS,
  APP_REQUEST_HEADER,
} from './client';
export type { ClientOptions, ClientSession, RequestOptions } from './client';
export { ApiError, isApiError, type ApiErrorKind } from './errors';
export {
  CACHE,
  createQueryClient,
  errorRetryDelay,
  isSlowConnection,
  queryDefaults,
  shouldRetry,
  slowLoadingDelay,
  throttleFocusRefetch,
} from './query-defaults';
export { legalQuery, languagesQuery, siteInfoQuery, siteKeys } from './resources/site';
export { currentUserQuery, logout, userKeys, USER_REFRESH_THROTTLE_MS } from './resources/user';
// Notifications: imported from here (not the resources/ subpath) so every remote uses the one shared client.
export {
  notificationKeys,
  notificationPageQuery,
  notificationStatusQuery,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_POLL_MS,
  useOpenNotificationTab,
  useReadAllNotifications,
  useReadNotification,
} from './resources/notification';
export { FORM_SNAPSHOT } from './resources/options';
export { documentTitle, useDocumentTitle } from './resources/document-title';
export {
  decodeShortId,
  encodeShortId,
  fromInputId,
  isLongId,
  SHORT_ID_ALPHABET,
  toShortId,
  usesShortIds,
} from './short-id';
export {
  answerIdOfRoute,
  answerPath,
  IGNORED_PATHS,
  isIgnoredPath,
  notificationTargetPath,
  paths,
  postPath,
  questionPath,
  safeReturnPath,
  suspendedUntilOf,
  type Permalink,
} from './paths';
export type { PluginModule, RemoteRoutes, ScreenList, ScreenLoader, ScreenModule } from './screens';
export type { SiteInfo, SiteTheme } from './contract/site';
export type { CurrentUser, NotificationStatus, UserStatus } from './contract/user';
export type { RemoteList, RemoteEntry, PluginRemote, CoreRemote } from './contract/remotes';
export type { FieldError, ErrType, ForbiddenType } from './contract/envelope';
export { createReportingRoot, useSingletonReport, type SingletonRefs, type SingletonSources } from './diagnostics';
export { fetchActionRecord } from './resources/captcha';
export { remoteListQuery } from './resources/remotes';
export {
  clearSession,
  forgetLoginReturnTo,
  DEFAULT_LANGUAGE,
  deriveLoginState,
  getAccessToken,
  getStoredLanguage,
  loginModalOpenAtom,
  rememberLoginReturnTo,
  resolveLanguage,
  setAccessToken,
  setStoredLanguage,
  startSession,
  STORAGE_KEYS,
  hasSession,
  subscribeSession,
  takeLoginReturnTo,
  useHasSession,
  useCurrentUser,
  useLoginState,
  useRequireLogin,
  type ErrorMeta,
  type LoginState,
  type SessionUser,
} from './session';
export { defineRemoteRoutes, type RemoteDefinition, type RemoteTranslations } from './remote';
export {
  highlightTerms,
  isCjkWord,
  isEmptySearch,
  markTerms,
  parseSearchQuery,
  SEARCH_MAX_PHRASES,
  SEARCH_MAX_TAGS,
  SEARCH_MAX_WORDS,
  searchWords,
  type MarkedPart,
  type ParsedSearch,
  type SearchUserFilter,
} from './search-syntax';
export {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  isEmail,
  isHttpUrl,
  isPasswordLength,
  isSingleLine,
  lengthOf,
} from './field-rules';
