import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { isStaffRole, QUESTION_STATUS, SHOW } from '../post/table';
import type { Viewer } from './table';

/**
 * The visibility rule's question condition in SQL, for lists that cannot ask `canSee` row by row and
 * still count and page exactly: open or closed and listed for everyone; any other state for its
 * author and staff.
 */
export function questionSeenBy(eb: ExpressionBuilder<DB, 'question'>, viewer: Viewer): Expression<SqlBool> {
  if (isStaffRole(viewer.roleId)) return eb.lit(true);
  const live = eb.and([
    eb('question.status', 'in', [QUESTION_STATUS.open, QUESTION_STATUS.closed]),
    eb('question.show', '=', SHOW.listed),
  ]);
  if (viewer.userId === undefined || viewer.userId === null) return live;
  return eb.or([live, eb('question.user_id', '=', viewer.userId)]);
}
