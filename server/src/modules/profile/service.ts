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
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect';
import { nextId } from '../../db/ids';
import type { DB, UserRow } from '../../db/schema';
import { isLanguage } from '../../i18n';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { renderMarkdown } from '../../lib/markdown';
import { isSingleLine, SINGLE_LINE_REASON } from '../../lib/single-line';
import { seconds } from '../../lib/time';
import { apiStatus, avatarInfo, USER_STATUS } from '../accounts/mapping';
import { usernameKey } from '../accounts/normalize';
import { awardBadges } from '../badge/awards';
import { configIds } from '../config/service';
import { avatarUrlOf, gravatarUrl, type AvatarSettings } from './avatar';
import {
  BIO_MAX,
  COLOR_SCHEMES,
  emailSwitches,
  isStaff,
  isWebsite,
  LOCATION_MAX,
  RANKING_DAYS,
  RANKING_LIMIT,
  SEARCH_LIMIT,
  toUserBasicInfo,
  WEBSITE_MAX,
  type UsersSettings,
  type Viewer,
} from './mapping';
import * as repo from './repository';
import {
  NOTIFICATION_SOURCES,
  VOTE_KEYS,
  type ListUserRow,
  type NotificationSource,
  type ProfileChanges,
} from './table';
import { isReservedUsername, length, NAME_MAX, usernameProblem } from './username';
import { writeTransaction } from '../../db/transaction';

export * from './mapping';
export { LIST_USER_COLUMNS, NOTIFICATION_SOURCES, VOTE_KEYS, type ListUserRow } from './table';

const DAY_MS = 86_400_000;

/** Profiles, members' own settings and the users lists, on the site's database. */
export class ProfileService {
  readonly db: Kysely<DB>;
  readonly now: () => number;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
  }

  async #user(id: number): Promise<UserRow> {
    const user = await repo.findUser(this.db, id);
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
    return repo.findOwnUpload(this.db, userId, source, pathname.slice('/uploads/'.length));
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
    const changes: ProfileChanges = {};

    const displayName = body.display_name.trim();
    if (!isSingleLine(displayName)) fail('display_name', SINGLE_LINE_REASON);
    else if (displayName === '') fail('display_name', 'error.display_name.empty');
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
        if (await repo.usernameKeyTaken(this.db, key, user.id)) fail('username', 'error.username.duplicate');
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
      if (!isSingleLine(website)) fail('website', SINGLE_LINE_REASON);
      else if (length(website) > WEBSITE_MAX) fail('website', 'error.website.too_long', { max: WEBSITE_MAX });
      else if (website !== '' && !isWebsite(website)) fail('website', 'error.website.invalid');
      else if (website !== user.website && !locked('website', settings.allow_update_website)) changes.website = website;
    }

    if (body.location !== undefined) {
      const location = body.location.trim();
      if (!isSingleLine(location)) fail('location', SINGLE_LINE_REASON);
      else if (length(location) > LOCATION_MAX) fail('location', 'error.location.too_long', { max: LOCATION_MAX });
      else if (location !== user.location && !locked('location', settings.allow_update_location))
        changes.location = location;
    }

    if (failures.length) throw ApiFailure.fields(failures);
    if (Object.keys(changes).length === 0) return;
    try {
      await repo.updateUser(this.db, user.id, { ...changes, updated_at: this.now() });
      await awardBadges(this.db, { kind: 'profile', userId: user.id }, this.now());
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
    await repo.updateUser(this.db, viewer.userId, {
      language: body.language,
      color_scheme: scheme,
      updated_at: this.now(),
    });
  }

  async notificationConfig(userId: number): Promise<NotificationConfig> {
    const enabled = emailSwitches(await repo.listNotificationConfigs(this.db, userId));
    const entry = (source: NotificationSource) => ({ key: 'email' as const, enable: enabled[source] });
    return {
      inbox: entry('inbox'),
      all_new_question: entry('all_new_question'),
      all_new_question_for_following_tags: entry('all_new_question_for_following_tags'),
      weekly_digest: entry('weekly_digest'),
    };
  }

  async setNotificationConfig(userId: number, config: NotificationConfig): Promise<void> {
    const now = this.now();
    await writeTransaction(this.db, async (trx) => {
      for (const source of NOTIFICATION_SOURCES) {
        // A source the body leaves out (weekly_digest is optional) keeps its setting.
        const channel = config[source];
        if (!channel) continue;
        const enable = channel.enable;
        const channels = JSON.stringify([{ key: 'email', enable }]);
        const patch = { channels, enabled: enable ? 1 : 0, updated_at: now };
        if (await repo.updateNotificationConfig(trx, userId, source, patch)) continue;
        await repo.insertNotificationConfig(trx, {
          id: await nextId(trx, 'user_notification_config'),
          user_id: userId,
          source,
          ...patch,
          created_at: now,
        });
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
    return repo.findLiveUserByUsernameKey(this.db, key);
  }

  /** GET user/info/search: up to 5 available members whose username or display name starts with `prefix`. */
  async search(prefix: string, settings: AvatarSettings): Promise<UserBasicInfo[]> {
    const needle = prefix.trim().replace(/^@/, '').toLowerCase();
    if (!needle) return [];
    const rows = await repo.searchUsers(this.db, needle, SEARCH_LIMIT);
    return rows.map((row) => toUserBasicInfo(row, settings));
  }

  /** Config row ids of these keys (activity types). */
  configIds(keys: readonly string[]): Promise<Map<string, number>> {
    return configIds(this.db, keys);
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
    const reputation = await repo.topByReputation(this.db, RANKING_LIMIT);

    const voteTypes = [...(await this.configIds(VOTE_KEYS)).values()];
    let voters: Array<{ row: ListUserRow; votes: number }> = [];
    if (voteTypes.length) {
      const since = this.now() - RANKING_DAYS * DAY_MS;
      const counts = await repo.topVoters(this.db, voteTypes, since, RANKING_LIMIT);
      const users = await repo.listUsersByIds(
        this.db,
        counts.map((c) => c.userId),
      );
      const byId = new Map(users.map((u) => [Number(u.id), u]));
      voters = counts.flatMap((c) => {
        const row = byId.get(c.userId);
        return row ? [{ row, votes: c.votes }] : [];
      });
    }

    const staff = await this.staffRows(undefined, 100);
    return {
      users_with_the_most_reputation: reputation.map((row) => toItem(row)),
      users_with_the_most_vote: voters.map((v) => toItem(v.row, v.votes)),
      staffs: staff.map((row) => toItem(row)),
    };
  }

  /** Members by id, as lists show them. */
  listUsers(ids: number[]): Promise<ListUserRow[]> {
    return repo.listUsersByIds(this.db, ids);
  }

  async staffRows(prefix: string | undefined, limit: number): Promise<ListUserRow[]> {
    return repo.staffRows(this.db, prefix?.trim().toLowerCase() || undefined, limit);
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
    await repo.insertUpload(this.db, {
      id: row.id,
      user_id: row.userId,
      source: row.source,
      path: row.path,
      mime: row.mime,
      size: row.size,
      created_at: this.now(),
    });
  }
}
