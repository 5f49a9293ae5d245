import { emailKey, usernameKey } from '../modules/accounts/normalize';
import {
  BIOS,
  DEFAULT_RECOMMENDED,
  DEFAULT_RESERVED,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  SYNONYMS,
  TAGS,
} from './corpus';
import type { ConfigKey, DemoEnvironment } from './environment';
import type { Random } from './prng';
import {
  DAY,
  type DemoRole,
  HOUR,
  type PlanOptions,
  type PlanTag,
  type PlanUser,
  ROLE_ADMIN,
  ROLE_MODERATOR,
  ROLE_USER,
  type Rules,
} from './plan-types';

/** The reputation rules the simulation applies, read from the config rows. */
export function rulesOf(env: DemoEnvironment): Rules {
  const value = (key: ConfigKey) => {
    const n = Number(env.config[key].value);
    return Number.isFinite(n) ? n : 0;
  };
  let excluded: string[] = [];
  try {
    const parsed = JSON.parse(env.config['daily_rank_limit.exclude'].value) as unknown;
    if (Array.isArray(parsed)) excluded = parsed.filter((k): k is string => typeof k === 'string');
  } catch {
    excluded = [];
  }
  // -1 means "never by reputation": only staff.
  const threshold = (key: ConfigKey) => {
    const n = value(key);
    return n < 0 ? Number.POSITIVE_INFINITY : n;
  };
  const qUp = threshold('rank.question.vote_up');
  const qDown = threshold('rank.question.vote_down');
  const aUp = threshold('rank.answer.vote_up');
  const aDown = threshold('rank.answer.vote_down');
  const cUp = threshold('rank.comment.vote_up');
  return {
    value,
    cap: value('daily_rank_limit'),
    excludedFromCap: new Set(excluded),
    thresholds: [...new Set([qUp, qDown, aUp, aDown, cUp])].sort((a, b) => a - b),
    qUp,
    qDown,
    aUp,
    aDown,
    cUp,
  };
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function planUsers(env: DemoEnvironment, options: PlanOptions, random: Random, start: number): PlanUser[] {
  const { now } = options;
  const takenNames = new Set(env.users.map((u) => u.username_key));
  const takenEmails = new Set(env.users.map((u) => u.e_mail_key));
  const users: PlanUser[] = [];

  for (const u of env.users) {
    const active = u.status === 1 && u.mail_status === 1;
    users.push({
      id: u.id,
      existing: true,
      kind: u.role_id === ROLE_ADMIN ? 'admin' : u.role_id === ROLE_MODERATOR ? 'moderator' : 'member',
      username: u.username,
      display: u.display_name,
      email: u.e_mail,
      roleId: u.role_id,
      status: u.status,
      mailStatus: u.mail_status,
      // Existing accounts take part from the start of the sample timeline (the admin was created at install).
      created: Math.min(u.created_at, start - 7 * DAY),
      activeUntil: active ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY,
      participates: active,
      weight: u.role_id === ROLE_ADMIN ? 0.35 : 0.5,
      rank: u.rank,
      baseRank: u.rank,
      activation: 0,
      questions: 0,
      answers: 0,
      bio: '',
      location: '',
      website: '',
      lastLogin: null,
      suspendedAt: null,
      suspendedUntil: null,
      poolLevel: -1,
    });
  }

  const count = options.users;
  const moderators = Math.max(2, Math.min(10, Math.round(count / 20)));
  const kinds: DemoRole[] = [];
  for (let i = 0; i < count; i++) {
    kinds.push(
      i < moderators ? 'moderator' : i === moderators ? 'suspended' : i === moderators + 1 ? 'inactive' : 'member',
    );
  }
  // Zipf-like activity: a few members write most of the content.
  const memberOrder = random.shuffle(
    kinds.map((_, i) => i).filter((i) => kinds[i] === 'member' || kinds[i] === 'suspended'),
  );
  const activity = new Map(memberOrder.map((index, rank) => [index, 1 / (rank + 1) ** 0.85]));

  for (let i = 0; i < count; i++) {
    const kind = kinds[i]!;
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!;
    const round = Math.floor(i / (FIRST_NAMES.length * LAST_NAMES.length));
    const display = round ? `${first} ${last} ${round + 1}` : `${first} ${last}`;
    let username = slugify(display).slice(0, 26);
    for (let n = 2; takenNames.has(usernameKey(username)); n++) username = `${slugify(display).slice(0, 24)}_${n}`;
    takenNames.add(usernameKey(username));
    let email = `${username.replace(/_/g, '.')}@example.com`;
    for (let n = 2; takenEmails.has(emailKey(email)); n++) email = `${username.replace(/_/g, '.')}.${n}@example.com`;
    takenEmails.add(emailKey(email));

    const staff = kind === 'moderator';
    // Some members joined only recently: they have not earned much yet.
    const newcomer = kind === 'member' && random.chance(0.15);
    const created =
      kind === 'inactive'
        ? now - random.int(1, 3) * DAY - random.int(0, 23) * HOUR
        : staff
          ? start - random.int(10, 30) * DAY
          : newcomer
            ? now - random.int(1, 14) * DAY - random.int(0, 23) * HOUR
            : start - 7 * DAY + Math.floor(random.next() ** 1.5 * (now - start) * 0.6);
    const suspendedAt = kind === 'suspended' ? now - random.int(2, 9) * DAY : null;
    users.push({
      id: 0,
      existing: false,
      kind,
      username,
      display,
      email,
      roleId: staff ? ROLE_MODERATOR : ROLE_USER,
      status: kind === 'suspended' ? 9 : 1,
      mailStatus: kind === 'inactive' ? 2 : 1,
      created,
      activeUntil: suspendedAt ?? Number.POSITIVE_INFINITY,
      participates: kind !== 'inactive',
      weight: staff ? 0.45 : newcomer ? 0.02 : (activity.get(i) ?? 0.05),
      rank: 0,
      baseRank: 0,
      activation: 0,
      questions: 0,
      answers: 0,
      bio: random.pick(BIOS),
      location: random.pick(LOCATIONS),
      website: random.chance(0.2) ? `https://${username.replace(/_/g, '-')}.example.net` : '',
      lastLogin: kind === 'inactive' ? null : now - Math.floor(random.exponential(5 * DAY)),
      suspendedAt,
      suspendedUntil: suspendedAt === null ? null : now + random.int(14, 60) * DAY,
      poolLevel: -1,
    });
  }
  return users;
}

export function planTags(env: DemoEnvironment, start: number): PlanTag[] {
  const existing = new Map(env.tags.map((t) => [t.slug_name, t]));
  const recommend = new Set(env.recommendTags ?? DEFAULT_RECOMMENDED);
  const reserved = new Set(env.reservedTags ?? DEFAULT_RESERVED);
  const tags: PlanTag[] = [];
  const indexOf = new Map<string, number>();
  const add = (slug: string, display: string, description: string, mainIndex: number | null) => {
    const found = existing.get(slug);
    indexOf.set(slug, tags.length);
    tags.push({
      id: found?.id ?? null,
      existing: Boolean(found),
      slug,
      display,
      description,
      recommend: found ? found.recommend : mainIndex === null && recommend.has(slug) ? 1 : 0,
      reserved: found ? found.reserved : mainIndex === null && reserved.has(slug) ? 1 : 0,
      mainIndex,
      created: start - 7 * DAY + tags.length * 60_000,
      questionCount: 0,
      followCount: 0,
    });
  };
  for (const tag of TAGS) add(tag.slug, tag.display, tag.description, null);
  for (const [slug, display, main] of SYNONYMS) {
    add(slug, display, `Synonym of ${main}.`, indexOf.get(main) ?? null);
  }
  return tags;
}
