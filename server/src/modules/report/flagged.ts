import type { FlaggedPost, PostUserInfo, ReasonItem, TagResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Language } from '../../i18n';
import { seconds } from '../../lib/time';
import { contextTags, goneUser, loadPostInContext, taskFieldsWith, type PostInContext } from '../post/in-context';
import { loadPostUsers } from '../question/posts';
import { toReasonItem, type ReasonSource } from '../reasons/service';
import type { ReportRow } from './repository';
import type { ReportableType } from './table';

/** A flagged object with the question it sits in: what the queue shows and what a review acts on. */
export type FlaggedObject = PostInContext;

/** The flagged object of a report and its question, or null when a row is missing. */
export const loadFlaggedObject = loadPostInContext;

/** `reasons` with each list read once (a page of flags asks for the same few lists). */
export function onceEach(reasons: ReasonSource): ReasonSource {
  const lists = new Map<string, ReturnType<ReasonSource['list']>>();
  return {
    list(objectType, action) {
      const key = `${objectType}/${action}`;
      if (!lists.has(key)) lists.set(key, reasons.list(objectType, action));
      return lists.get(key)!;
    },
  };
}

/** The flag's reason as the reasons list shows it in `lang` (a reason no longer listed: its id alone). */
export async function flagReason(
  reasons: ReasonSource,
  type: ReportableType,
  reasonId: number,
  lang: Language,
): Promise<ReasonItem> {
  const reason = (await reasons.list(type, 'flag')).find((r) => r.id === Number(reasonId));
  if (reason) return toReasonItem(reason, lang);
  return {
    reason_key: '',
    reason_type: Number(reasonId),
    name: '',
    description: '',
    content_type: '',
    placeholder: '',
  };
}

/** One queue entry: the flag, who raised it and why, and the object in its question. */
export async function flaggedPost(
  db: Kysely<DB>,
  flag: ReportRow,
  object: FlaggedObject,
  reason: ReasonItem,
): Promise<FlaggedPost> {
  const users = await loadPostUsers(db, [object.authorId, Number(flag.user_id)]);
  return flaggedPostWith(flag, object, reason, { users, tags: await contextTags(db, object.question.id) });
}

/** flaggedPost with its people and its question's tags already read (a page of flags reads them at once). */
export function flaggedPostWith(
  flag: ReportRow,
  object: FlaggedObject,
  reason: ReasonItem,
  read: { users: Map<number, PostUserInfo>; tags: TagResp[] },
): FlaggedPost {
  const { users, tags } = read;
  return {
    flag_id: flag.id,
    ...taskFieldsWith(object, users.get(object.authorId), tags),
    submit_at: seconds(flag.created_at),
    submitter_user: users.get(Number(flag.user_id)) ?? goneUser(Number(flag.user_id)),
    reason,
    reason_content: flag.content,
  };
}
