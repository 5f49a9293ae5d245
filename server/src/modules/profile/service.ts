import type {
  NotificationConfig,
  PersonalUserInfo,
  RankingUser,
  StaffList,
  StaffQuery,
  UpdateInterfaceBody,
  UpdateUserInfoBody,
  UserBasicInfo,
  UserRanking,
} from '@agora/shared-api/contract';
import { sql, type Kysely } from 'kysely';
import { nextId } from '../../db/ids';
import type { DB, UserRow } from '../../db/schema';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { renderMarkdown } from '../../lib/markdown';
import { isLanguage } from '../../i18n';
import { apiStatus, avatarInfo, ROLE, USER_STATUS } from '../accounts/mapping';
import { usernameKey } from '../accounts/normalize';
import { avatarUrlOf, gravatarUrl, type AvatarSettings } from './avatar';
import { isReservedUsername, length, NAME_MAX, usernameProblem } from './username';
import { seconds } from '../../lib/time';

/** The `users` settings group (switches and avatar settings). */
export interface UsersSettings extends AvatarSettings {
  allow_update_display_name: boolean;
  allow_update_username: boolean;
  allow_update_avatar: boolean;
  allow_update_bio: boolean;
  allow_update_website: boolean;
  allow_update_location: boolean;
}

/** Who is asking: the logged-in member (or nobody). Staff = admin or moderator. */
export interface Viewer {
  userId: number;
  roleId: number;
}

export const isStaff = (viewer: Viewer | null | undefined): boolean =>
  !!viewer && (viewer.roleId === ROLE.admin || viewer.roleId === ROLE.moderator);

export const BIO_MAX = 4096;
export const WEBSITE_MAX = 500;
export const LOCATION_MAX = 100;
/** SPEC §5: typing @ shows up to 5 users. */
export const SEARCH_LIMIT = 5;
export const RANKING_LIMIT = 20;
export const RANKING_DAYS = 7;
const DAY_MS = 86_400_000;

export const NOTIFICATION_SOURCES = ['inbox', 'all_new_question', 'all_new_question_for_following_tags'] as const;
type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];
/** answer-api.md §5 user_notification_config: at registration only the inbox mails are on. */
const NOTIFICATION_DEFAULTS: Record<NotificationSource, boolean> = {
  inbox: true,
  all_new_question: false,
  all_new_question_for_following_tags: false,
};

export const COLOR_SCHEMES = ['default', 'light', 'dark', 'system'] as const;

/** The user columns lists need (e_mail only for the Gravatar hash; it never leaves the server). */
export const LIST_USER_COLUMNS = [
  'user.id',
  'user.username',
  'user.rank',
  'user.display_name',
  'user.avatar',
  'user.e_mail',
  'user.website',
  'user.location',
  'user.language',
  'user.status',
  'user.mail_status',
  'user.suspended_until',
] as const;
export type ListUserRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'rank'
  | 'display_name'
  | 'avatar'
  | 'e_mail'
  | 'website'
  | 'location'
  | 'language'
  | 'status'
  | 'mail_status'
  | 'suspended_until'
>;

export function toUserBasicInfo(user: ListUserRow, settings: AvatarSettings): UserBasicInfo {
  return {
    id: String(user.id),
    username: user.username,
    rank: Number(user.rank),
    display_name: user.display_name,
    avatar: avatarUrlOf(user, settings),
    website: user.website,
    location: user.location,
    language: user.language,
    status: apiStatus(user),
    suspended_until: seconds(user.suspended_until),
  };
}

/** Whether a website value is an absolute http(s) URL with a host. */
export function isWebsite(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** `LIKE` pattern for a prefix, with `!` escaping the wildcards (same syntax on the three databases). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** A unique-constraint violation on any of the three databases. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'ER_DUP_ENTRY' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /unique|duplicate/i.test(e?.message ?? '')
  );
}

/** Profiles and users settings (answer-api.md §2.2) on the site's database. */
export class ProfileService {
  readonly db: Kysely<DB>;
  readonly now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
  }

  async #user(id: number): Promise<UserRow> {
    const user = await this.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user || user.status === USER_STATUS.deleted) throw ApiFailure.unauthorized();
    return user;
  }

  /** An upload of this member for `source`, found by its URL (path under /uploads/). */
  async ownUpload(userId: number, source: string, url: string): Promise<{ path: string } | undefined> {
    let pathname: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
      pathname = decodeURIComponent(parsed.pathname);
    } catch {
      return undefined;
    }
    if (!pathname.startsWith('/uploads/')) return undefined;
    return this.db
      .selectFrom('upload')
      .select('path')
      .where('user_id', '=', userId)
      .where('source', '=', source)
      .where('path', '=', pathname.slice('/uploads/'.length))
      .executeTakeFirst();
  }

  /**
   * PUT user/info. Every field is checked and all failures are reported together (field errors).
   * A field the site's `users` settings do not allow to change is refused (400, field error
   * `error.profile.update_not_allowed`) when its value differs from the stored one; sending the
   * stored value back is fine (the settings form always sends every field).
   */
  async updateInfo(viewer: Viewer, body: UpdateUserInfoBody, settings: UsersSettings, siteUrl: string): Promise<void> {
    const user = await this.#user(viewer.userId);
    const failures: FieldFailure[] = [];
    const fail = (field: string, reason: string, params?: Record<string, number>) =>
      failures.push({ field, reason, ...(params ? { params } : {}) });
    const locked = (field: string, allowed: boolean) => {
      if (allowed) return false;
      fail(field, 'error.profile.update_not_allowed');
      return true;
    };
    const changes: Partial<UserRow> = {};

    const displayName = body.display_name.trim();
    if (displayName === '') fail('display_name', 'error.display_name.empty');
    else if (length(displayName) > NAME_MAX) fail('display_name', 'error.display_name.range', { max: NAME_MAX });
    else if (displayName !== user.display_name && !locked('display_name', settings.allow_update_display_name))
      changes.display_name = displayName;

    const username = body.username.trim();
    const problem = usernameProblem(username);
    if (problem) fail('username', problem, { min: 2, max: NAME_MAX });
    else if (username !== user.username && !locked('username', settings.allow_update_username)) {
      const key = usernameKey(username);
      if (isReservedUsername(username) && !isStaff(viewer)) fail('username', 'error.username.reserved');
      else {
        const taken = await this.db
          .selectFrom('user')
          .select('id')
          .where('username_key', '=', key)
          .where('id', '!=', user.id)
          .executeTakeFirst();
        if (taken) fail('username', 'error.username.duplicate');
        else {
          changes.username = username;
          changes.username_key = key;
        }
      }
    }

    if (body.avatar) {
      const current = avatarInfo(user.avatar);
      const stored: { type: string; gravatar?: string; custom?: string } = { type: body.avatar.type };
      const custom = body.avatar.custom?.trim() ?? '';
      const upload = custom ? await this.ownUpload(user.id, 'avatar', custom) : undefined;
      if (body.avatar.type === 'custom' && !upload) fail('avatar', 'error.avatar.custom_invalid');
      else {
        if (upload) stored.custom = `${siteUrl.replace(/\/+$/, '')}/uploads/${upload.path}`;
        if (body.avatar.type === 'gravatar') stored.gravatar = gravatarUrl(user.e_mail, settings.gravatar_base_url);
        const kind = (a: { type: string; custom?: string }) =>
          a.type === 'custom' ? `custom ${a.custom ?? ''}` : a.type === 'default' ? 'system' : a.type;
        if (kind(current) !== kind(stored) && !locked('avatar', settings.allow_update_avatar))
          changes.avatar = JSON.stringify(stored);
      }
    }

    if (body.bio !== undefined) {
      if (length(body.bio) > BIO_MAX) fail('bio', 'error.bio.too_long', { max: BIO_MAX });
      else if (body.bio !== user.bio && !locked('bio', settings.allow_update_bio)) {
        changes.bio = body.bio;
        changes.bio_html = renderMarkdown(body.bio);
      }
    }

    if (body.website !== undefined) {
      const website = body.website.trim();
      if (length(website) > WEBSITE_MAX) fail('website', 'error.website.too_long', { max: WEBSITE_MAX });
      else if (website !== '' && !isWebsite(website)) fail('website', 'error.website.invalid');
      else if (website !== user.website && !locked('website', settings.allow_update_website)) changes.website = website;
    }

    if (body.location !== undefined) {
      const location = body.location.trim();
      if (length(location) > LOCATION_MAX) fail('location', 'error.location.too_long', { max: LOCATION_MAX });
      else if (location !== user.location && !locked('location', settings.allow_update_location))
        changes.location = location;
    }

    if (failures.length) throw ApiFailure.fields(failures);
    if (Object.keys(changes).length === 0) return;
    try {
      await this.db
        .updateTable('user')
        .set({ ...changes, updated_at: this.now() })
        .where('id', '=', user.id)
        .execute();
    } catch (error) {
      // Two members took the same username at the same moment: the unique key decides.
      if (changes.username_key && isUniqueViolation(error))
        throw ApiFailure.fields([{ field: 'username', reason: 'error.username.duplicate' }]);
      throw error;
    }
  }

  /** PUT user/interface: 'Default' or a language the site offers; an unknown scheme becomes 'default'. */
  async updateInterface(viewer: Viewer, body: UpdateInterfaceBody): Promise<void> {
    await this.#user(viewer.userId);
    if (body.language !== 'Default' && !isLanguage(body.language))
      throw ApiFailure.fields([{ field: 'language', reason: 'error.language.invalid' }]);
    const scheme = (COLOR_SCHEMES as readonly string[]).includes(body.color_scheme ?? '')
      ? body.color_scheme!
      : 'default';
    await this.db
      .updateTable('user')
      .set({ language: body.language, color_scheme: scheme, updated_at: this.now() })
      .where('id', '=', viewer.userId)
      .execute();
  }

  async notificationConfig(userId: number): Promise<NotificationConfig> {
    const rows = await this.db
      .selectFrom('user_notification_config')
      .select(['source', 'channels'])
      .where('user_id', '=', userId)
      .execute();
    const enabled = { ...NOTIFICATION_DEFAULTS };
    for (const row of rows) {
      if (!(NOTIFICATION_SOURCES as readonly string[]).includes(row.source)) continue;
      try {
        const channels = JSON.parse(row.channels) as Array<{ key?: string; enable?: boolean }>;
        const email = Array.isArray(channels) ? channels.find((c) => c?.key === 'email') : undefined;
        enabled[row.source as NotificationSource] = email?.enable === true;
      } catch {
        // A damaged row keeps the default.
      }
    }
    const entry = (source: NotificationSource) => ({ key: 'email' as const, enable: enabled[source] });
    return {
      inbox: entry('inbox'),
      all_new_question: entry('all_new_question'),
      all_new_question_for_following_tags: entry('all_new_question_for_following_tags'),
    };
  }

  async setNotificationConfig(userId: number, config: NotificationConfig): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      for (const source of NOTIFICATION_SOURCES) {
        const enable = config[source].enable;
        const channels = JSON.stringify([{ key: 'email', enable }]);
        const updated = await trx
          .updateTable('user_notification_config')
          .set({ channels, enabled: enable ? 1 : 0, updated_at: now })
          .where('user_id', '=', userId)
          .where('source', '=', source)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) continue;
        await trx
          .insertInto('user_notification_config')
          .values({
            id: await nextId(trx, 'user_notification_config'),
            user_id: userId,
            source,
            channels,
            enabled: enable ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
  }

  /** GET personal/user/info: public fields of an account that is not deleted, else 404. */
  async personalInfo(username: string, settings: AvatarSettings): Promise<PersonalUserInfo> {
    const user = await this.findByUsername(username);
    if (!user) throw ApiFailure.notFound('error.user.not_found');
    return {
      id: String(user.id),
      created_at: seconds(user.created_at),
      last_login_date: seconds(user.last_login_date),
      username: user.username,
      follow_count: Number(user.follow_count),
      answer_count: Number(user.answer_count),
      question_count: Number(user.question_count),
      rank: Number(user.rank),
      display_name: user.display_name,
      avatar: avatarUrlOf(user, settings),
      bio: user.bio,
      bio_html: user.bio_html,
      website: user.website,
      location: user.location,
      status: apiStatus(user),
      suspended_until: seconds(user.suspended_until),
    };
  }

  /** A member (not deleted) by username, compared by username key. */
  async findByUsername(username: string): Promise<UserRow | undefined> {
    const key = usernameKey(username);
    if (!key) return undefined;
    return this.db
      .selectFrom('user')
      .selectAll()
      .where('username_key', '=', key)
      .where('status', '!=', USER_STATUS.deleted)
      .executeTakeFirst();
  }

  /** GET user/info/search: up to 5 available members whose username or display name starts with `prefix`. */
  async search(prefix: string, settings: AvatarSettings): Promise<UserBasicInfo[]> {
    const needle = prefix.trim().replace(/^@/, '').toLowerCase();
    if (!needle) return [];
    const pattern = likePrefix(needle);
    const rows = await this.db
      .selectFrom('user')
      .select(LIST_USER_COLUMNS)
      .where('user.status', '=', USER_STATUS.available)
      .where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('user.username_key')} like ${pattern} escape '!'`,
          sql<boolean>`lower(${eb.ref('user.display_name')}) like ${pattern} escape '!'`,
        ]),
      )
      .orderBy('user.rank', 'desc')
      .orderBy('user.id')
      .limit(SEARCH_LIMIT)
      .execute();
    return rows.map((row) => toUserBasicInfo(row, settings));
  }

  /** Config row ids of these keys (activity types, answer-api.md §4.1). */
  async configIds(keys: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('config')
      .select(['id', 'key'])
      .where('key', 'in', [...keys])
      .execute();
    return new Map(rows.map((r) => [r.key, Number(r.id)]));
  }

  /**
   * GET user/ranking: the 20 available members with the most reputation (total), the 20 who cast
   * the most votes in the last 7 days (from the vote activities; empty when nobody voted), and the
   * staff (admins, then moderators).
   */
  async ranking(settings: AvatarSettings): Promise<UserRanking> {
    const toItem = (row: ListUserRow, votes = 0): RankingUser => ({
      username: row.username,
      rank: Number(row.rank),
      vote_count: votes,
      display_name: row.display_name,
      avatar: avatarUrlOf(row, settings),
    });
    const reputation = await this.db
      .selectFrom('user')
      .select(LIST_USER_COLUMNS)
      .where('user.status', '=', USER_STATUS.available)
      .orderBy('user.rank', 'desc')
      .orderBy('user.id')
      .limit(RANKING_LIMIT)
      .execute();

    const voteTypes = [...(await this.configIds(VOTE_KEYS)).values()];
    let voters: Array<{ row: ListUserRow; votes: number }> = [];
    if (voteTypes.length) {
      const since = this.now() - RANKING_DAYS * DAY_MS;
      const counts = await this.db
        .selectFrom('activity')
        .innerJoin('user', 'user.id', 'activity.user_id')
        .select((eb) => ['activity.user_id', eb.fn.countAll().as('votes')])
        .where('activity.activity_type', 'in', voteTypes)
        .where('activity.cancelled', '=', 0)
        .where('activity.trigger_user_id', '=', 0)
        .where('activity.created_at', '>=', since)
        .where('user.status', '=', USER_STATUS.available)
        .groupBy('activity.user_id')
        .orderBy('votes', 'desc')
        .orderBy('activity.user_id')
        .limit(RANKING_LIMIT)
        .execute();
      if (counts.length) {
        const users = await this.db
          .selectFrom('user')
          .select(LIST_USER_COLUMNS)
          .where(
            'user.id',
            'in',
            counts.map((c) => Number(c.user_id)),
          )
          .execute();
        const byId = new Map(users.map((u) => [Number(u.id), u]));
        voters = counts.flatMap((c) => {
          const row = byId.get(Number(c.user_id));
          return row ? [{ row, votes: Number(c.votes) }] : [];
        });
      }
    }

    const staff = await this.staffRows(undefined, 100);
    return {
      users_with_the_most_reputation: reputation.map((row) => toItem(row)),
      users_with_the_most_vote: voters.map((v) => toItem(v.row, v.votes)),
      staffs: staff.map((row) => toItem(row)),
    };
  }

  async staffRows(prefix: string | undefined, limit: number): Promise<ListUserRow[]> {
    let query = this.db
      .selectFrom('user')
      .select(LIST_USER_COLUMNS)
      .where('user.status', '=', USER_STATUS.available)
      .where('user.role_id', 'in', [ROLE.admin, ROLE.moderator]);
    const needle = prefix?.trim().toLowerCase();
    if (needle) {
      const pattern = likePrefix(needle);
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`${eb.ref('user.username_key')} like ${pattern} escape '!'`,
          sql<boolean>`lower(${eb.ref('user.display_name')}) like ${pattern} escape '!'`,
        ]),
      );
    }
    return query.orderBy('user.role_id').orderBy('user.rank', 'desc').orderBy('user.id').limit(limit).execute();
  }

  /** GET user/staff: admins and moderators, optionally by username/display-name prefix. */
  async staff(query: StaffQuery, settings: AvatarSettings): Promise<StaffList> {
    const rows = await this.staffRows(query.username, query.page_size ?? 20);
    return rows.map((row) => ({
      username: row.username,
      display_name: row.display_name,
      avatar: avatarUrlOf(row, settings),
    }));
  }

  /** Records a stored upload (POST file). */
  async recordUpload(row: { id: string; userId: number; source: string; path: string; mime: string; size: number }) {
    await this.db
      .insertInto('upload')
      .values({
        id: row.id,
        user_id: row.userId,
        source: row.source,
        path: row.path,
        mime: row.mime,
        size: row.size,
        created_at: this.now(),
      })
      .execute();
  }
}

/** The voter's own vote activities (answer-api.md §4.1). */
export const VOTE_KEYS = [
  'question.vote_up',
  'question.vote_down',
  'answer.vote_up',
  'answer.vote_down',
  'comment.vote_up',
] as const;
