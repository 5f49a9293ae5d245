/** E-mail notifications (migration 20261127090200_notification_mail; modules/notify-mail). */

/** One new-question mail sent: a member gets at most one per question, and at most 50 in 7 days. */
export interface NotifyQuestionMailTable {
  user_id: number;
  question_id: string;
  created_at: number;
}

/** When a member's last weekly digest went (Unix ms). */
export interface NotifyDigestTable {
  user_id: number;
  last_sent_at: number;
}

/** A site-wide job held by one server process (`holder`, random per process) until `until` (Unix ms). */
export interface JobLeaseTable {
  name: string;
  holder: string;
  until: number;
}
