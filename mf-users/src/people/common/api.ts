// Wire shapes and writes of the people screens (their reads are shared-api's user and site resources).
import { api, type CurrentUser } from '@agora/shared-api';

/** The site's default page size. */
export const PAGE_SIZE = 15;

export type Avatar = CurrentUser['avatar'];

export type { LanguageOption, LegalInfo } from '@agora/shared-api/contract';
export type { Page } from '@agora/shared-api/resources/profile';
export type {
  CollectionItem as BookmarkItem,
  NotificationConfig,
  PersonalUserInfo,
  QaTop as TopLists,
  RankingUser,
  UserAnswer,
  UserComment as CommentItem,
  UserQuestion,
  UserRanking as Ranking,
  UserRankItem as RankItem,
  UserSessionItem as UserSession,
  UserVoteItem as VoteItem,
} from '@agora/shared-api/contract';

/** POST file (multipart, source=avatar): resolves with the uploaded picture's URL. */
export function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('source', 'avatar');
  body.append('file', file);
  return api.request<string>('post', 'file', { body });
}

export { fetchActionRecord } from '@agora/shared-api';
