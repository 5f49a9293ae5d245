// The LIGHT entry (@agora/shared-ui): what the shell and read-only pages need. It holds NO antd: the first
// page renders without downloading antd at all. antd pieces, and AntdProvider that themes them, live in
// ./antd (never import it from this file; toasts load it lazily on the first toast).
// Named exports only: Module Federation shares this module whole, so keep the list deliberate.

// Theme
export {
  DEFAULT_PRIMARY_COLOR,
  ThemeProvider,
  themeCssVariables,
  useTheme,
  type ColorScheme,
  type ResolvedTheme,
  type ThemeSettings,
} from './theme/theme-provider';
export { readableTextOn, resolveNavbarColors, type NavbarColors, type NavbarKind } from './theme/theme-colors';

// A light button that follows the theme (no antd).
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './components/button/button';

// i18n
export { registerSharedUiTranslations, SHARED_UI_NS } from './i18n/register';

// Formatting
export { formatCount } from './format/count';
export {
  DEFAULT_TIME_ZONE,
  formatFullTime,
  formatRelativeTime,
  type FormatTimeOptions,
  type TranslateFn,
} from './format/relative-time';

// Hooks
export { useDebounced } from './hooks/use-debounced';

// Breakpoints
export {
  BREAKPOINTS,
  useBreakpoint,
  useMediaQuery,
  type BreakpointName,
  type BreakpointState,
} from './hooks/use-breakpoint';

// Layout
export { PageContainer, type PageContainerProps } from './components/page-container/page-container';
export {
  ContentWithSidebar,
  type ContentWithSidebarProps,
} from './components/content-with-sidebar/content-with-sidebar';
export { SideCard, type SideCardProps } from './components/side-card/side-card';

// Feedback
export { ErrorPage, type ErrorPageCode } from './components/error-page/error-page';
export { EmptyList } from './components/empty-list/empty-list';
export { ListPlaceholder } from './components/list-placeholder/list-placeholder';
export { CardPlaceholder } from './components/card-placeholder/card-placeholder';
export { NotAvailable, type NotAvailableProps } from './components/not-available/not-available';
export { placeholderScreen } from './components/not-available/placeholder-screen';
export { COPIED_HINT_DURATION_S, TOAST_DURATION_S, useToast, type Toast } from './components/toast/toast';

// Navigation
export { LeaveGuardProvider, useLeaveGuard, type LeaveGuard } from './leave-guard/leave-guard';
export { Pagination, type PaginationProps } from './components/pagination/pagination';
export { paginationItems, totalPagesOf, type PaginationItem } from './components/pagination/pagination-items';
export {
  SortButtonGroup,
  type SortButtonGroupProps,
  type SortOption,
} from './components/sort-button-group/sort-button-group';

// Data display
export { CountBadge, countBadgeText, type CountBadgeProps } from './components/count-badge/count-badge';
export { Dot, type DotProps } from './components/dot/dot';
export {
  BadgeIcon,
  BadgeLevel,
  badgeLevelName,
  type BadgeIconProps,
  type BadgeLevelValue,
} from './components/badge-icon/badge-icon';
export {
  avatarLetter,
  avatarSizeHint,
  avatarSource,
  UserAvatar,
  type AvatarValue,
  type UserAvatarProps,
} from './components/user-avatar/user-avatar';
export { RelativeTime, type RelativeTimeProps } from './components/relative-time/relative-time';
export { TimeZoneProvider, useTimeZone } from './components/relative-time/time-zone';

// External images behind a click (a post cannot track its readers): light, also for HTML shown outside PostContent (comments).
export {
  gateExternalImages,
  revealExternalImage,
  useExternalImageGate,
  type ExternalImagesMode,
} from './editor/external-images';
