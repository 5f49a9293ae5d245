import {
  BULK_USERS_MAX,
  type AdminAddUserBody,
  type AdminUserAction,
  type AdminUserOverview,
  type AdminUserPage,
  type AdminUsersQuery,
  type DeletePermanentlyBody,
} from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { nextIds } from '../../db/ids';
import type { DB, NewUserRow } from '../../db/schema';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { isEmail } from '../../lib/email';
import { apiStatus, MAIL_STATUS, ROLE, USER_STATUS } from '../accounts/mapping';
import { emailKey, usernameKey } from '../accounts/normalize';
import { hashPassword } from '../accounts/password';
import { checkPassword } from '../accounts/password-policy';
import { issueEmailToken } from '../accounts/email-tokens';
import {
  accountLink,
  AccountError,
  isSignupAttempt,
  type AccountsService,
  type MailContext,
} from '../accounts/service';
import { someNames, type AuditWrite } from '../audit/service';
import type { AvatarSettings } from '../profile/avatar';
import { applyReputation } from '../reputation';
import { bulkLines, displayNameFailure, freeUsername, mapBounded, usernameStem, type NewMember } from './bulk';
import type { JobRunner } from '../job/runner';
import { toAdminUserAction, toAdminUserItem } from './mapping';
import * as purge from './purge-repository';
import * as repo from './repository';
import { BULK_ADD_JOB, REASONS, STAFF_ACTION_KEYS } from './table';
import { writeTransaction } from '../../db/transaction';

export { AdminUserChanges } from './changes';

const DEFAULT_PAGE_SIZE = 20;

const userTarget = (user: { id: number | string; username: string }) =>
  ({ type: 'user', id: String(user.id), name: user.username }) as const;

function paging(query: { page?: number; page_size?: number }) {
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { offset: (page - 1) * size, limit: size };
}

/** How a list row is shown: the avatar settings and the request's translation. */
export interface ItemContext {
  avatar: AvatarSettings;
  t(key: string): string;
}

/**
 * The admin user management's reads (list, overview, action log), new accounts (one or a bulk
 * text), activation links and the permanent purge of soft-deleted rows.
 */
export class AdminUsersService {
  readonly #db: Kysely<DB>;
  readonly #accounts: AccountsService;
  readonly #now: () => number;
  readonly #hash: (password: string) => Promise<string>;
  readonly #jobs: JobRunner | undefined;

  /** `hash` is the password hashing (tests slip a race in there); `now` the clock; `jobs` runs bulk imports. */
  constructor(
    db: Kysely<DB>,
    accounts: AccountsService,
    options: { now?: () => number; hash?: (password: string) => Promise<string>; jobs?: JobRunner } = {},
  ) {
    this.#db = db;
    this.#accounts = accounts;
    this.#now = options.now ?? Date.now;
    this.#hash = options.hash ?? hashPassword;
    this.#jobs = options.jobs;
  }

  async #user(userId: number) {
    const user = await repo.findUser(this.#db, userId);
    if (!user) throw ApiFailure.notFound('error.user.not_found');
    return user;
  }

  /** GET users/page: newest accounts first. */
  async page(query: AdminUsersQuery, context: ItemContext): Promise<AdminUserPage> {
    const filter = { query: query.query, status: query.status, staff: query.staff };
    const [count, rows] = await Promise.all([
      repo.countUsers(this.#db, filter),
      repo.listUsers(this.#db, filter, paging(query)),
    ]);
    return { count, list: rows.map((row) => toAdminUserItem(row, context.avatar, context.t)) };
  }

  /** GET user/overview: the list row with the visit figures, post counts and the public profile path. */
  async overview(userId: number, context: ItemContext): Promise<AdminUserOverview> {
    const user = await this.#user(userId);
    return {
      ...toAdminUserItem(user, context.avatar, context.t),
      last_seen_at: user.last_login_date ? Math.floor(Number(user.last_login_date) / 1000) : 0,
      visit_days: Number(user.visit_days),
      mail_status: Number(user.mail_status),
      question_count: Number(user.question_count),
      answer_count: Number(user.answer_count),
      profile_url: user.status === USER_STATUS.deleted ? '' : `/users/${encodeURIComponent(user.username)}`,
    };
  }

  /** GET user/actions: the member's own activity and the staff actions on the account, newest first. */
  async actions(userId: number, query: { page?: number; page_size?: number }) {
    await this.#user(userId);
    const ids = await repo.configIds(this.#db, STAFF_ACTION_KEYS);
    const staffTypes = [...ids.values()];
    const [count, rows] = await Promise.all([
      repo.countActions(this.#db, userId, staffTypes),
      repo.listActions(this.#db, userId, staffTypes, paging(query)),
    ]);
    const [answers, comments] = await Promise.all([
      repo.postStatuses(
        this.#db,
        'answer',
        rows.map((r) => r.object_id),
      ),
      repo.postStatuses(
        this.#db,
        'comment',
        rows.map((r) => r.object_id),
      ),
    ]);
    const statuses = new Map([...answers, ...comments]);
    const list: AdminUserAction[] = rows.map((row) => toAdminUserAction(row, statuses));
    return { count, list };
  }

  /** POST user: one activated member; field errors on display_name, email, password. */
  async addUser(body: AdminAddUserBody, audit: AuditWrite): Promise<void> {
    const displayName = body.display_name.trim();
    const email = body.email.trim();
    const failures: FieldFailure[] = [];
    const nameFailure = displayNameFailure(displayName);
    if (nameFailure) failures.push(nameFailure);
    if (!isEmail(email)) failures.push({ field: 'email', reason: 'validation.format_email' });
    const problem = checkPassword(body.password);
    if (problem) failures.push({ field: 'password', ...problem });
    if (failures.length) throw ApiFailure.fields(failures);
    const taken = () => ApiFailure.fields([{ field: 'email', reason: 'error.email.duplicate' }]);
    const member = { displayName, email, emailKey: emailKey(email), password: body.password };
    if ((await repo.takenEmailKeys(this.#db, [member.emailKey])).size) throw taken();
    await this.#create([member], taken, async (trx, [user]) => {
      if (user) await audit({ action: 'user.added', target: userTarget(user) }, trx);
    });
  }

  /**
   * POST users: queues the import as a background job (`users.bulk_add`, bulk-job.ts) and answers
   * with its id at once; only the number of lines is checked here. The text holds passwords, so the
   * job keeps it sealed and drops it when it ends.
   */
  async addUsers(text: string, actorId: number, audit: AuditWrite): Promise<number> {
    const count = bulkLines(text).length;
    if (count === 0 || count > BULK_USERS_MAX)
      throw ApiFailure.fields(
        [{ field: 'users', reason: REASONS.bulkCount, params: { max: BULK_USERS_MAX } }],
        REASONS.bulkCount,
      );
    if (!this.#jobs) throw new Error('no job runner');
    const jobs = this.#jobs;
    return writeTransaction(this.#db, async (trx) => {
      const id = await jobs.enqueue(BULK_ADD_JOB, { text }, actorId, { trx, total: count });
      await audit({ action: 'user.bulk_added', detail: { count } }, trx);
      return id;
    }).then((id) => {
      jobs.kick();
      return id;
    });
  }

  /** Hashes the passwords of new members, a few at a time (before their transaction). */
  hashPasswords(members: NewMember[]): Promise<string[]> {
    return mapBounded(members, (m) => this.#hash(m.password));
  }

  /**
   * Makes activated members (role user) with their inbox-by-e-mail notification row and the first
   * confirmation's reputation, inside `trx`; `hashes` are their passwords' (hashPasswords). A taken
   * address fails the statement with a unique violation.
   */
  async insertMembers(
    trx: Transaction<DB>,
    members: NewMember[],
    hashes: string[],
  ): Promise<Array<{ id: number; username: string }>> {
    if (members.length === 0) return [];
    const now = this.#now();
    const used = await repo.usernameKeysLike(
      trx,
      members.map((m) => usernameKey(usernameStem(m.displayName))),
    );
    const firstUser = await nextIds(trx, 'user', members.length);
    const firstConfig = await nextIds(trx, 'user_notification_config', members.length);
    const users: NewUserRow[] = members.map((m, i) => {
      const username = freeUsername(m.displayName, used);
      return {
        id: firstUser + i,
        username,
        username_key: usernameKey(username),
        e_mail: m.email,
        e_mail_key: m.emailKey,
        pass: hashes[i]!,
        mail_status: MAIL_STATUS.verified,
        rank: 0,
        display_name: m.displayName,
        avatar: '',
        bio: '',
        bio_html: '',
        role_id: ROLE.user,
        status: USER_STATUS.available,
        created_at: now,
        updated_at: now,
      };
    });
    const configs = users.map((u, i) => ({
      id: firstConfig + i,
      user_id: u.id,
      source: 'inbox',
      channels: JSON.stringify([{ key: 'email', enable: true }]),
      enabled: 1,
      created_at: now,
      updated_at: now,
    }));
    await repo.insertMembers(trx, users, configs);
    for (const user of users)
      await applyReputation(trx, { userId: user.id, key: 'user.activated', objectId: String(user.id), now });
    return users.map((u) => ({ id: Number(u.id), username: u.username }));
  }

  /** Which of these address keys already have an account. */
  takenEmailKeys(keys: string[]): Promise<Set<string>> {
    return repo.takenEmailKeys(this.#db, keys);
  }

  /** One member (POST user): the account and `also` (the audit entry) in one transaction. */
  async #create(
    members: NewMember[],
    taken: () => ApiFailure,
    also: (trx: Transaction<DB>, users: Array<{ id: number; username: string }>) => Promise<void>,
  ): Promise<void> {
    const hashes = await this.hashPasswords(members);
    try {
      await writeTransaction(this.#db, async (trx) => also(trx, await this.insertMembers(trx, members, hashes)));
    } catch (error) {
      // Someone took an address between the check and the insert.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  /**
   * GET user/activation: a new activation link for a member whose address is not confirmed. Whoever
   * holds the link can confirm the account, so handing it out is in the audit log (never the link).
   */
  async activationUrl(userId: number, siteUrl: string, audit: AuditWrite): Promise<string> {
    const user = await this.#user(userId);
    if (apiStatus(user) !== 'inactive' || isSignupAttempt(user)) throw ApiFailure.badRequest(REASONS.notInactive);
    const { code } = await writeTransaction(this.#db, async (trx) => {
      const token = await issueEmailToken(trx, user.id, 'activation', this.#now());
      await audit({ action: 'user.activation_link', target: userTarget(user) }, trx);
      return token;
    });
    return accountLink(siteUrl, 'account-activation', code);
  }

  /** POST user/activation: mails a new activation link through the outbox. */
  async sendActivation(userId: number, mail: MailContext, audit: AuditWrite): Promise<void> {
    const user = await this.#user(userId);
    if (apiStatus(user) !== 'inactive' || isSignupAttempt(user)) throw ApiFailure.badRequest(REASONS.notInactive);
    try {
      await this.#accounts.resendActivation(user.id, mail);
    } catch (error) {
      if (error instanceof AccountError) throw ApiFailure.badRequest(REASONS.notInactive);
      throw error;
    }
    await audit({ action: 'user.activation_sent', target: userTarget(user) });
  }

  /**
   * DELETE delete/permanently: purges the soft-deleted rows of one kind in one transaction; how many
   * went. Its audit entry (how many, the first names) commits with it; audit entries themselves are
   * never purged.
   */
  async purge(type: DeletePermanentlyBody['type'], audit: AuditWrite): Promise<number> {
    const ids =
      type === 'users'
        ? await purge.purgeableUsers(this.#db)
        : await purge.deletedIds(this.#db, type === 'questions' ? 'question' : 'answer');
    const names = await purge.purgedNames(this.#db, type, someNames(ids.map(String)));
    await writeTransaction(this.#db, async (trx) => {
      for (let i = 0; i < ids.length; i += purge.PURGE_CHUNK) {
        const chunk = ids.slice(i, i + purge.PURGE_CHUNK);
        if (type === 'users') await purge.purgeUsers(trx, chunk as number[]);
        else if (type === 'questions') await purge.purgeQuestions(trx, chunk as string[]);
        else await purge.purgeAnswers(trx, chunk as string[]);
      }
      await audit(
        {
          action: 'content.purged',
          target: { type: 'purge', id: type, name: type },
          detail: { count: ids.length, names },
        },
        trx,
      );
    });
    return ids.length;
  }
}
