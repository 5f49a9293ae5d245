import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import type { ConfigKey, DemoEnvironment } from './environment';
import type { Plan, PlanQuestion } from './plan';
import { type Db, Sequence } from './seed-db';

export interface DemoCounts {
  users: number;
  tags: number;
  questions: number;
  answers: number;
  comments: number;
  votes: number;
  accepted: number;
  bookmarks: number;
  follows: number;
  notifications: number;
  reports: number;
  activities: number;
}

export interface NotificationDraft {
  user: number;
  objectId: string;
  type: 1 | 2;
  msgType: 1 | 2 | 3;
  action: string;
  trigger: number | null;
  rank: number;
  objectType: 'question' | 'answer' | 'comment';
  title: string;
  map: Record<string, string>;
  created: number;
  updated: number;
}

export const CHUNK = 500;

/** What the demo writers share: the plan, the id counters, the ids handed out so far, pending notifications. */
export class WriteContext {
  readonly trx: Db;
  readonly plan: Plan;
  readonly env: DemoEnvironment;
  readonly pass: string;
  readonly log: (line: string) => void;
  readonly seq = {
    activity: new Sequence('activity'),
    revision: new Sequence('revision'),
    tag_rel: new Sequence('tag_rel'),
    meta: new Sequence('meta'),
    question_link: new Sequence('question_link'),
    collection_group: new Sequence('collection_group'),
    notification: new Sequence('notification'),
    user_notification_config: new Sequence('user_notification_config'),
  };
  /** Object id counters by plan index. */
  tagIds: string[] = [];
  questionIds: string[] = [];
  answerIds: string[] = [];
  commentIds: string[] = [];
  collectionBase = 0;
  reportBase = 0;
  /** Question titles by index (links, notifications). */
  titles: string[] = [];
  activities = 0;
  notifications: NotificationDraft[] = [];
  notificationCount = 0;

  constructor(trx: Db, plan: Plan, env: DemoEnvironment, pass: string, log: (line: string) => void) {
    this.trx = trx;
    this.plan = plan;
    this.env = env;
    this.pass = pass;
    this.log = log;
  }

  type(key: ConfigKey): number {
    return this.env.config[key].id;
  }

  userId(u: number): number {
    return this.plan.users[u]!.id;
  }

  questionPath(q: number): string {
    return `/questions/${this.questionIds[q]}`;
  }

  siteLink(q: number): string {
    return `${this.env.siteUrl.replace(/\/+$/, '')}${this.questionPath(q)}`;
  }

  /** Who creates tags: the admin, else the first moderator. */
  tagCreator(): number {
    const users = this.plan.users;
    const admin = users.find((u) => u.roleId === 2 && u.participates);
    return (admin ?? users.find((u) => u.roleId === 3) ?? users[0]!).id;
  }

  activity(
    user: number,
    objectId: string,
    originalObjectId: string,
    key: ConfigKey,
    time: number,
    extra: { trigger?: number; rank?: number; revision?: number } = {},
  ): Insertable<DB['activity']> {
    this.activities++;
    const rank = extra.rank ?? 0;
    return {
      id: this.seq.activity.take(),
      user_id: user,
      trigger_user_id: extra.trigger ?? 0,
      object_id: objectId,
      original_object_id: originalObjectId,
      activity_type: this.type(key),
      cancelled: 0,
      cancelled_at: null,
      rank,
      has_rank: rank !== 0 ? 1 : 0,
      revision_id: extra.revision ?? null,
      created_at: time,
      updated_at: time,
    };
  }

  tagSnapshot(q: PlanQuestion) {
    return q.tags.map((t) => {
      const tag = this.plan.tags[t]!;
      return {
        slug_name: tag.slug,
        display_name: tag.display,
        main_tag_slug_name: '',
        recommend: tag.recommend === 1,
        reserved: tag.reserved === 1,
      };
    });
  }

  notify(draft: NotificationDraft): void {
    if (this.plan.users[draft.user]!.participates) this.notifications.push(draft);
  }
}
