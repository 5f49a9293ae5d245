import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { pathOf } from '../../lib/canonical-path';
import { readToken } from '../../plugins/auth';
import { surfaceOfRequest, UPLOADS_PREFIX } from '../../plugins/prefixes';
import type { Session } from '../session/store';
import * as repo from './repository';
import { ANSWER_AVAILABLE, LIVE_QUESTION_STATUSES, QUESTION_LISTED, STAFF_ROLES } from './table';

/** What a stored upload's path below /uploads/ is made of (the server names every file). */
const UPLOAD_PATH = /^[A-Za-z0-9._/-]+$/;
/** Cache-Control of a file not everyone may fetch: no shared cache keeps it, no browser stores it. */
export const PRIVATE_UPLOAD_CACHE = 'private, no-store';

/** Who may fetch a post upload that no live post shows (the uploader, the posts' authors, staff). */
export interface PostUploadAudience {
  /** Some listed, available question (or an available answer of one) shows it: everyone may. */
  public: boolean;
  /** User ids that may fetch it when it is not public. */
  userIds: Set<string>;
}

/**
 * Who may fetch a post upload, over the database: which posts reference a post upload (`upload_link`,
 * kept by upload/links.ts) and whether one of them is live.
 */
export class UploadAccess {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** The audience of `<dataDir>/uploads/<path>`, or undefined when no upload row names the path. */
  async postAudience(path: string): Promise<PostUploadAudience | undefined> {
    const upload = await repo.findUploadByPath(this.#db, path);
    if (!upload) return undefined;
    const [questions, answers] = await Promise.all([
      repo.linkingQuestions(this.#db, upload.id),
      repo.linkingAnswers(this.#db, upload.id),
    ]);
    const liveQuestion = (q: { status: number; show: number }) =>
      LIVE_QUESTION_STATUSES.includes(Number(q.status)) && Number(q.show) === QUESTION_LISTED;
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
 * The onRequest hook of GET/HEAD /uploads/*:
 * - branding images (the login page shows them) are always public;
 * - on a private site (login_required) every other file needs a valid session, from the cookie
 *   the browser sends with same-origin images or the Authorization header: none (or a logged-out
 *   token) → 401, an unverified or suspended account → 403, exactly like the API;
 * - a post image or attachment that only deleted, unlisted or pending posts reference goes to its uploader, the
 *   posts' authors and staff only; one no post references yet (an editor's draft) to its uploader
 *   and staff; anyone else gets 404.
 * A restricted file is served with `Cache-Control: private, no-store`, a refusal with `no-store`.
 */
export function uploadAccessHook(access?: UploadAccess) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // The route that answers decides, not the URL: `/%75ploads/...` is the uploads route too (and is
    // redirected to its canonical spelling by the routing plugin before it gets here).
    if (surfaceOfRequest(request) !== 'uploads') return;
    const raw = pathOf(request.url);
    if (!raw.startsWith(UPLOADS_PREFIX)) return refuse(request, ApiFailure.notFound());
    // Stored uploads are named by the server (`post/<hex>.png`): a path that needs decoding, or whose
    // decoding the file server might do differently (`post%252f...` decoded twice), names none of them.
    const relative = raw.slice(UPLOADS_PREFIX.length);
    if (!UPLOAD_PATH.test(relative) || relative.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      return refuse(request, ApiFailure.notFound());
    }
    const top = relative.split('/')[0];
    if (top === 'branding') return;

    const app = request.server;
    const token = await readToken(request);
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

    if ((top === 'post' || relative.startsWith('files/post/')) && access) {
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
