import type {
  AdminBadgeItem,
  AdminBadgePage,
  AdminBadgesQuery,
  BadgeAwardItem,
  BadgeAwardPage,
  BadgeAwardsQuery,
  BadgeDetail,
  BadgeGroupList,
  BadgeLevel,
  BadgeSummary,
  UserBadgePage,
} from '@agora/shared-api/contract';
import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB, UserRow } from '../../db/schema';
import { translate, type Language } from '../../i18n';
import { ApiFailure } from '../../lib/api-failure';
import { urlTitle } from '../../lib/text';
import type { AvatarSettings } from '../profile/avatar';
import { toUserBasicInfo } from '../profile/mapping';
import { findVisible, type Viewer } from '../visibility/rule';
import type { JobRunner } from '../job/runner';
import { BADGE_BACKFILL_JOB } from './backfill';
import * as read from './read-repository';
import { BADGE_SINGLE, BADGE_STATUS, type BadgeRow } from './table';

/** Finds a member by username as the profile routes do (not deleted). */
export interface MemberLookup {
  findByUsername(username: string): Promise<UserRow | undefined>;
}

/** The awards a member's recent list shows. */
export const RECENT_AWARDS = 10;
const DEFAULT_PAGE_SIZE = 30;

const level = (row: Pick<BadgeRow, 'level'>): BadgeLevel => Math.min(3, Math.max(1, Number(row.level))) as BadgeLevel;
const notFound = () => ApiFailure.notFound('error.badge.not_found');

/**
 * The badge routes' reads and the admin switch (README.md in this folder). Names, descriptions and
 * group names are i18n keys in the database, translated into the reader's language here.
 */
export class BadgeService {
  readonly #db: Kysely<DB>;
  readonly #members: MemberLookup;
  readonly #now: () => number;
  readonly #jobs: JobRunner | undefined;

  /** `jobs` runs the backfill a badge switched on starts. */
  constructor(db: Kysely<DB>, members: MemberLookup, options: { now?: () => number; jobs?: JobRunner } = {}) {
    this.#db = db;
    this.#members = members;
    this.#now = options.now ?? Date.now;
    this.#jobs = options.jobs;
  }

  #summary(row: BadgeRow, lang: Language, earned: Map<string, number>): BadgeSummary {
    return {
      id: row.id,
      name: translate(row.name, lang),
      icon: row.icon,
      award_count: Number(row.award_count),
      earned_count: earned.get(row.id) ?? 0,
      level: level(row),
    };
  }

  async #earned(viewerId: number | undefined): Promise<Map<string, number>> {
    return viewerId ? read.earnedCounts(this.#db, viewerId) : new Map();
  }

  /** An active badge, or the 404 (unknown id, not a badge id, or switched off). */
  async #active(id: string): Promise<BadgeRow> {
    if (objectTypeOf(id.trim()) !== 'badge') throw notFound();
    const row = await read.findBadge(this.#db, id.trim());
    if (!row || Number(row.status) !== BADGE_STATUS.active) throw notFound();
    return row;
  }

  async #member(username: string): Promise<number> {
    const user = await this.#members.findByUsername(username);
    if (!user) throw ApiFailure.notFound('error.user.not_found');
    return Number(user.id);
  }

  /** GET badges: the active badges by group, in catalogue order; empty groups are left out. */
  async groups(viewerId: number | undefined, lang: Language): Promise<BadgeGroupList> {
    const [groups, badges, earned] = await Promise.all([
      read.badgeGroups(this.#db),
      read.allBadges(this.#db),
      this.#earned(viewerId),
    ]);
    return groups
      .map((g) => ({
        group_name: translate(g.name, lang),
        badges: badges
          .filter((b) => Number(b.badge_group_id) === Number(g.id) && Number(b.status) === BADGE_STATUS.active)
          .map((b) => this.#summary(b, lang, earned)),
      }))
      .filter((g) => g.badges.length > 0);
  }

  /** GET badge: one active badge. */
  async detail(id: string, viewerId: number | undefined, lang: Language): Promise<BadgeDetail> {
    const row = await this.#active(id);
    return {
      ...this.#summary(row, lang, await this.#earned(viewerId)),
      description: translate(row.description, lang),
      is_single: Number(row.single) !== BADGE_SINGLE.post,
    };
  }

  /**
   * GET badge/awards/page: an active badge's awards, newest first. The post that earned an award is
   * named only when the viewer may see it (the visibility rule); otherwise its link parts are empty.
   */
  async awards(query: BadgeAwardsQuery, viewer: Viewer, avatars: AvatarSettings): Promise<BadgeAwardPage> {
    const badge = await this.#active(query.badge_id);
    const username = query.username?.trim();
    const userId = username ? await this.#member(username) : undefined;
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    const { count, rows } = await read.awardsPage(this.#db, badge.id, userId, size, ((query.page ?? 1) - 1) * size);
    const users = new Map(
      (await read.listUsers(this.#db, [...new Set(rows.map((r) => Number(r.user_id)))])).map((u) => [Number(u.id), u]),
    );
    const chains = await Promise.all(
      rows.map((r) => (r.award_key ? findVisible(this.#db, r.award_key, viewer) : null)),
    );
    const titles = new Map(
      (await read.questionTitles(this.#db, [...new Set(chains.flatMap((c) => (c ? [c.question.id] : [])))])).map(
        (q) => [q.id, q.title],
      ),
    );
    const list: BadgeAwardItem[] = [];
    rows.forEach((row, i) => {
      const user = users.get(Number(row.user_id));
      if (!user) return;
      const chain = chains[i];
      const type = chain ? objectTypeOf(row.award_key) : null;
      list.push({
        created_at: Math.floor(Number(row.created_at) / 1000),
        object_id: chain ? row.award_key : '',
        question_id: chain?.question.id ?? '',
        answer_id: chain && 'answer' in chain ? (chain.answer?.id ?? '') : '',
        comment_id: chain && 'comment' in chain ? (chain.comment?.id ?? '') : '',
        object_type: type ?? '',
        url_title: chain ? urlTitle(titles.get(chain.question.id) ?? '') : '',
        author_user_info: toUserBasicInfo(user, avatars),
      });
    });
    return { count, list };
  }

  /** GET badge/user/awards (every active badge the member holds) and /recent (`limit` 10). */
  async memberAwards(username: string, lang: Language, limit?: number): Promise<UserBadgePage> {
    const userId = await this.#member(username);
    const rows = await read.memberBadges(this.#db, userId, limit);
    const list = rows.map((r) => ({
      id: r.id,
      name: translate(r.name, lang),
      icon: r.icon,
      earned_count: Number(r.n),
      level: level(r),
    }));
    return { count: list.length, list };
  }

  /** GET /answer/admin/api/badges: every badge, filtered by status and a fragment of its translated name. */
  async adminList(query: AdminBadgesQuery, lang: Language): Promise<AdminBadgePage> {
    const [groups, badges] = await Promise.all([read.badgeGroups(this.#db), read.allBadges(this.#db)]);
    const groupName = new Map(groups.map((g) => [Number(g.id), translate(g.name, lang)]));
    const q = query.q?.trim().toLowerCase() ?? '';
    const all: AdminBadgeItem[] = badges
      .map((b) => ({
        id: b.id,
        name: translate(b.name, lang),
        description: translate(b.description, lang),
        icon: b.icon,
        award_count: Number(b.award_count),
        level: level(b),
        group_name: groupName.get(Number(b.badge_group_id)) ?? '',
        status: Number(b.status) === BADGE_STATUS.active ? ('active' as const) : ('inactive' as const),
      }))
      .filter((b) => query.status === undefined || b.status === query.status)
      .filter((b) => q === '' || b.name.toLowerCase().includes(q));
    const size = query.page_size ?? DEFAULT_PAGE_SIZE;
    const start = ((query.page ?? 1) - 1) * size;
    return { count: all.length, list: all.slice(start, start + size) };
  }

  /**
   * PUT /answer/admin/api/badge/status: switches a badge on or off; its awards stay. `also` runs in the
   * switch's transaction with the badge's name in `lang` and its status before (the audit entry).
   * Switching an inactive badge on queues the job that awards it to the members who already meet its
   * rule (backfill.ts), in the same transaction; its id is returned (null when none was queued).
   */
  async setStatus(
    id: string,
    status: 'active' | 'inactive',
    also?: (trx: Transaction<DB>, badge: { name: string; from: 'active' | 'inactive' }) => Promise<void>,
    lang: Language = 'en_US',
    actorId = 0,
  ): Promise<number | null> {
    const trimmed = id.trim();
    const badge = objectTypeOf(trimmed) === 'badge' ? await read.findBadge(this.#db, trimmed) : undefined;
    if (!badge) throw notFound();
    const value = status === 'active' ? BADGE_STATUS.active : BADGE_STATUS.inactive;
    const from = Number(badge.status) === BADGE_STATUS.active ? 'active' : 'inactive';
    const name = translate(badge.name, lang);
    let job: number | null = null;
    const jobs = from === 'inactive' && status === 'active' ? this.#jobs : undefined;
    await read.setBadgeStatus(this.#db, trimmed, value, this.#now(), async (trx) => {
      await also?.(trx, { name, from });
      if (jobs) job = await jobs.enqueue(BADGE_BACKFILL_JOB, { badges: [trimmed] }, actorId, { trx });
    });
    if (job !== null) this.#jobs?.kick();
    return job;
  }
}
