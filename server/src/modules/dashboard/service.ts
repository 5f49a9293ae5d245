import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AdminDashboard } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { ReportReviewService } from '../report/review';
import type { SettingsStore } from '../settings/store';
import type { BuildInfo } from '../site/service';
import { dailySeries, seriesStart } from './days';
import { selectCreatedSince, selectDatabaseFacts, selectTotals } from './repository';
import type { UpdateChecker } from './update-check';

/** How long one dashboard answer is served again (short, so its figures stay those of the site). */
export const DASHBOARD_CACHE_MS = 60_000;

/** The wire's name of each database kind. */
const DATABASE_TYPES = { sqlite3: 'sqlite', postgres: 'postgres', mysql: 'mysql' } as const;

export interface DashboardOptions {
  settings: Pick<SettingsStore, 'get'>;
  /** Where uploads live: `<dataDir>/uploads`. */
  dataDir: string;
  updates: UpdateChecker;
  /** The flags waiting for review. */
  flags: Pick<ReportReviewService, 'pendingCount'>;
  now?: () => number;
  cacheMs?: number;
}

/** Bytes of every file under `dir` (0 when it does not exist). */
async function folderSize(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** Whether uploads can be stored: the uploads folder (or the data folder that will hold it) is writable. */
async function canStoreUploads(dataDir: string): Promise<boolean> {
  for (const dir of [path.join(dataDir, 'uploads'), dataDir]) {
    try {
      await access(dir, constants.W_OK);
      return true;
    } catch {
      // Not there or not writable: try the folder above.
    }
  }
  return false;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * GET dashboard: the site's figures, its set-up (uploads, mail, https, time zone), storage, versions and
 * the last 30 days of activity in the site's time zone. One answer is kept for DASHBOARD_CACHE_MS.
 */
export class DashboardService {
  readonly #db: Kysely<DB>;
  readonly #options: DashboardOptions;
  readonly #now: () => number;
  #cached: { at: number; value: Promise<AdminDashboard> } | null = null;

  constructor(db: Kysely<DB>, options: DashboardOptions) {
    this.#db = db;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The dashboard, `build` the version and revision this server runs. */
  get(build: BuildInfo): Promise<AdminDashboard> {
    const now = this.#now();
    const ttl = this.#options.cacheMs ?? DASHBOARD_CACHE_MS;
    if (this.#cached && now - this.#cached.at < ttl) return this.#cached.value;
    const value = this.#build(now, build);
    this.#cached = { at: now, value };
    // A failed build is not kept.
    value.catch(() => {
      if (this.#cached?.value === value) this.#cached = null;
    });
    return value;
  }

  async #build(now: number, build: BuildInfo): Promise<AdminDashboard> {
    const { settings, dataDir, updates, flags } = this.#options;
    const kind = dialectOf(this.#db as unknown as Kysely<unknown>);
    const [general, iface, login, security, smtp] = await Promise.all([
      settings.get('general'),
      settings.get('interface'),
      settings.get('login'),
      settings.get('security'),
      settings.get('smtp'),
    ]);
    const [totals, reports, created, database, uploadsSize, uploading, update] = await Promise.all([
      selectTotals(this.#db),
      flags.pendingCount(),
      selectCreatedSince(this.#db, seriesStart(now)),
      selectDatabaseFacts(this.#db, kind),
      folderSize(path.join(dataDir, 'uploads')),
      canStoreUploads(dataDir),
      security.check_update ? updates.check() : Promise.resolve(null),
    ]);
    return {
      info: {
        question_count: totals.questions,
        resolved_count: totals.resolved,
        resolved_rate: percent(totals.resolved, totals.questions),
        unanswered_count: totals.unanswered,
        unanswered_rate: percent(totals.unanswered, totals.questions),
        answer_count: totals.answers,
        comment_count: totals.comments,
        vote_count: totals.votes,
        user_count: totals.users,
        report_count: reports,
        uploading_files: uploading,
        smtp: smtp.smtp_host.trim() !== '',
        https: /^https:\/\//i.test(general.site_url),
        time_zone: iface.time_zone,
        occupying_storage_space: database.size + uploadsSize,
        app_start_time: Math.floor(performance.timeOrigin / 1000),
        version_info: {
          version: build.version,
          revision: build.revision,
          remote_version: update?.status === 'ok' ? update.version : '',
        },
        login_required: login.login_required,
        runtime_version: `Node.js ${process.version}`,
        database_type: DATABASE_TYPES[kind],
        database_version: database.version,
        database_size: database.size,
        uploads_size: uploadsSize,
        update_check: update ? update.status : 'off',
      },
      activity: dailySeries(iface.time_zone, now, created),
    };
  }
}
