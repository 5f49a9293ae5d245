import type { FlaggedPost, ReasonItem } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Language } from '../../i18n';
import { seconds } from '../../lib/time';
import { goneUser, loadPostInContext, taskFields, type PostInContext } from '../post/in-context';
import { loadPostUsers } from '../question/posts';
import { toReasonItem, type ReasonSource } from '../reasons/service';
import type { ReportRow } from './repository';
import type { ReportableType } from './table';

/** A flagged object with the question it sits in: what the queue shows and what a review acts on. */
export type FlaggedObject = PostInContext;

/** The flagged object of a report and its question, or null when a row is missing. */
export const loadFlaggedObject = loadPostInContext;

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
  return {
    flag_id: flag.id,
    ...(await taskFields(db, object, users.get(object.authorId))),
    submit_at: seconds(flag.created_at),
    submitter_user: users.get(Number(flag.user_id)) ?? goneUser(Number(flag.user_id)),
    reason,
    reason_content: flag.content,
  };
}
