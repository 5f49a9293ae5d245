import type { Insertable } from 'kysely';
import type { ReportTable } from '../../db/schema';

export type NewReportRow = Insertable<ReportTable>;

/** report.status values. */
export const REPORT_STATUS = { pending: 1, completed: 2, ignored: 3, deleted: 10 } as const;

export type ReportableType = 'question' | 'answer' | 'comment';

/** The member who flags: their id and role (staff see hidden posts). */
export interface Reporter {
  userId: number;
  roleId: number;
}
