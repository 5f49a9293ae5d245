import { utcDay } from './sessions';
import { MAIL_STATUS, ROLE, USER_STATUS, type UserRow } from './table';

/**
 * A sign-up that names an address which already has an account (with e-mail verification on).
 *
 * The client must not learn that the address is taken, so it gets the answer of a free address: a new
 * inactive account, logged in. Nothing behind that answer exists: no user row (it would show up next to
 * the real owner and keep the username), no session, no link. `answerRow` is the row a real sign-up
 * would have read back, built in memory only; its id is drawn from the user counter so it follows the
 * ids real sign-ups get. The owner of the address gets the `signup_attempt` mail.
 *
 * Older versions did store such an account, with a unique address key of its own starting with
 * `SIGNUP_ATTEMPT_PREFIX` (never a real key: it has no `@`); migration 20261128090100 removes them.
 */
export const SIGNUP_ATTEMPT_PREFIX = '~signup-attempt:';

/** Whether an account is one of those stored attempts: its address is someone else's, it never gets a link. */
export const isSignupAttempt = (user: Pick<UserRow, 'e_mail_key'>): boolean =>
  user.e_mail_key.startsWith(SIGNUP_ATTEMPT_PREFIX) && !user.e_mail_key.includes('@');

export interface AttemptInput {
  id: number;
  username: string;
  usernameKey: string;
  displayName: string;
  email: string;
  passwordHash: string;
  now: number;
}

/** The row a free address's sign-up would read back after its session was made (never written). */
export function answerRow(input: AttemptInput): UserRow {
  return {
    id: input.id,
    username: input.username,
    username_key: input.usernameKey,
    e_mail: input.email.trim(),
    e_mail_key: '',
    pass: input.passwordHash,
    mail_status: MAIL_STATUS.toBeVerified,
    notice_status: 1,
    follow_count: 0,
    answer_count: 0,
    question_count: 0,
    rank: 0,
    authority_group: 1,
    display_name: input.displayName,
    avatar: '',
    mobile: '',
    bio: '',
    bio_html: '',
    website: '',
    location: '',
    ip_info: '',
    language: 'Default',
    color_scheme: 'default',
    role_id: ROLE.user,
    status: USER_STATUS.available,
    suspended_at: null,
    suspended_until: null,
    deleted_at: null,
    last_login_date: input.now,
    visit_days: 1,
    last_visit_day: utcDay(input.now),
    visit_streak: 1,
    created_at: input.now,
    updated_at: input.now,
  };
}
