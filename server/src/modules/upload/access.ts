import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { readToken } from '../../plugins/auth';
import type { Session } from '../session/store';
import { QUESTION_STATUS, SHOW } from '../post/table';

/** Where uploaded files are served (plugins/static-site.ts). */
export const UPLOADS_PATH = '/uploads/';
/** Cache-Control of a file not everyone may fetch: no shared cache keeps it, no browser stores it. */
export const PRIVATE_UPLOAD_CACHE = 'private, no-store';

const STAFF_ROLES = new Set([2, 3]);
const LIVE_QUESTION = [QUESTION_STATUS.open, QUESTION_STATUS.closed];
const ANSWER_AVAILABLE = 1;

/** Who may fetch a post upload that no live post shows (the uploader, the posts' authors, staff). */
export interface PostUploadAudience {
  /** Some listed, available question (or an available answer of one) shows it: everyone may. */
  public: boolean;
  /** User ids that may fetch it when it is not public. */
  userIds: Set<string>;
}

/**
 * Security checklist U7 over the database: which posts reference a post upload (`upload_link`,
 * kept by upload/links.ts) and whether one of them is live.
 */
export class UploadAccess {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** The audience of `<dataDir>/uploads/<path>`, or undefined when no upload row names the path. */
  async postAudience(path: string): Promise<PostUploadAudience | undefined> {
    const upload = await this.#db
      .selectFrom('upload')
      .select(['id', 'user_id'])
      .where('path', '=', path)
      .executeTakeFirst();
    if (!upload) return undefined;
    const [questions, answers] = await Promise.all([
      this.#db
        .selectFrom('upload_link')
        .innerJoin('question', 'question.id', 'upload_link.object_id')
        .select(['question.user_id', 'question.status', 'question.show'])
        .where('upload_link.upload_id', '=', upload.id)
        .execute(),
      this.#db
        .selectFrom('upload_link')
        .innerJoin('answer', 'answer.id', 'upload_link.object_id')
        .innerJoin('question', 'question.id', 'answer.question_id')
        .select(['answer.user_id', 'answer.status as answer_status', 'question.status', 'question.show'])
        .where('upload_link.upload_id', '=', upload.id)
        .execute(),
    ]);
    const liveQuestion = (q: { status: number; show: number }) =>
      (LIVE_QUESTION as readonly number[]).includes(Number(q.status)) && Number(q.show) === SHOW.listed;
    const isPublic =
      questions.some(liveQuestion) ||
      answers.some((a) => Number(a.answer_status) === ANSWER_AVAILABLE && liveQuestion(a));
    const userIds = new Set(
      [upload.user_id, ...questions.map((q) => q.user_id), ...answers.map((a) => a.user_id)].map(String),
    );
    return { public: isPublic, userIds };
  }
}

const requestsPrivate = new WeakSet<FastifyRequest>();

/** Whether the upload this request fetches must not be cached by anyone but its viewer. */
export function isPrivateUpload(request: FastifyRequest): boolean {
  return requestsPrivate.has(request);
}

/** A refusal (the error handler answers it with `Cache-Control: no-store`). */
function refuse(request: FastifyRequest, failure: ApiFailure): never {
  requestsPrivate.add(request);
  throw failure;
}

/**
 * The onRequest hook of GET/HEAD /uploads/* (checklist U7):
 * - branding images (the login page shows them) are always public;
 * - on a private site (login_required) every other file needs a valid session, from the cookie
 *   the browser sends with same-origin images or the Authorization header: none (or a logged-out
 *   token) → 401, an unverified or suspended account → 403, exactly like the API;
 * - a post image that only deleted, unlisted or pending posts reference goes to its uploader, the
 *   posts' authors and staff only; one no post references yet (an editor's draft) to its uploader
 *   and staff; anyone else gets 404.
 * A restricted file is served with `Cache-Control: private, no-store`, a refusal with `no-store`.
 */
export function uploadAccessHook(access?: UploadAccess) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const raw = request.url.split('?')[0] ?? '';
    if (!raw.startsWith(UPLOADS_PATH)) return;
    // Decide on the file the static server will resolve: `avatar/../post/x.png`, `%2e%2e`, `//post`
    // all name post/x.png.
    let relative: string;
    try {
      relative = path.posix.normalize(`/${decodeURIComponent(raw.slice(UPLOADS_PATH.length))}`).replace(/^\/+/, '');
    } catch {
      return refuse(request, ApiFailure.notFound());
    }
    if (relative.includes('\0')) return refuse(request, ApiFailure.notFound());
    const top = relative.split('/')[0];
    if (top === 'branding') return;

    const app = request.server;
    const token = readToken(request);
    let session: Session | null = token ? await app.sessions.find(token) : null;
    if (session?.status === 'deleted') session = null;

    let restricted = false;
    if ((await app.settings.get('login')).login_required) {
      restricted = true;
      if (!session) return refuse(request, ApiFailure.unauthorized());
      if (session.status === 'inactive')
        return refuse(request, ApiFailure.forbidden('error.email.need_to_be_verified', 'inactive'));
      if (session.status === 'suspended')
        return refuse(request, ApiFailure.forbidden('error.user.suspended', 'suspended'));
    }

    if (top === 'post' && access) {
      const audience = await access.postAudience(relative);
      if (audience && !audience.public) {
        restricted = true;
        const viewer = session && session.status !== 'suspended' ? session : null;
        const allowed = !!viewer && (STAFF_ROLES.has(viewer.roleId) || audience.userIds.has(String(viewer.userId)));
        if (!allowed) return refuse(request, ApiFailure.notFound());
      }
    }
    if (restricted) requestsPrivate.add(request);
  };
}
