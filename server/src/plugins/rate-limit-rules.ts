import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { emailKey } from '../modules/accounts/normalize';
import { API_PREFIX } from './prefixes';

/**
 * What the rate limits count: the limits, the routes each one covers and the key each request is
 * counted under. The plugin (rate-limit.ts) applies them.
 */

/** At most `max` requests per `windowMs`; the next one in the window gets 429 with Retry-After. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits (server/README.md "Rate limits" says why each number):
 *
 * - `authPerIp`: every request to an authentication endpoint (login, registration, password reset and
 *   change, e-mail verification and change, OAuth e-mail binding) from one client address
 *   (IPv6: its /64): 30 attempts a minute from one address.
 * - `loginPerIpAccount`: login attempts for one account (the e-mail of a login, the user of a password
 *   or e-mail change) from one address that have not succeeded; a success clears it. The 11th
 *   failed attempt in 15 minutes is refused, even with the right password, until the window ends.
 * - `loginPerAccount`: logins for one account over every address. Past it, the account is under attack
 *   and is NOT locked (a flood from many addresses must not lock its owner out): every further login
 *   for it needs a captcha, or waits ACCOUNT_DELAY_MS when captchas are off (request.accountThrottled).
 *   For the session's own password routes it is still a hard limit.
 * - `mailPerAccount` / `mailPerIp`: requests that send e-mail (sign-up, password reset, verification
 *   resend, e-mail change code), per address or user, and per client address.
 * - `searchPerIp`: searches per client address (whether or not the captcha is on).
 * - `writesPerUser`: every POST/PUT/PATCH/DELETE on the public and admin APIs, per logged-in user, or
 *   per client address for anonymous requests.
 * - `contentPerUser`: creating or editing questions, answers and comments, reports and uploads, per
 *   user.
 */
export interface RateLimits {
  authPerIp: LimitRule;
  loginPerIpAccount: LimitRule;
  loginPerAccount: LimitRule;
  mailPerAccount: LimitRule;
  mailPerIp: LimitRule;
  searchPerIp: LimitRule;
  writesPerUser: LimitRule;
  contentPerUser: LimitRule;
  /** Previews (POST post/render): their own budget, so writing a long post never uses up posting. */
  renderPerUser: LimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  authPerIp: { max: 30, windowMs: MINUTE },
  loginPerIpAccount: { max: 10, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  mailPerAccount: { max: 3, windowMs: HOUR },
  mailPerIp: { max: 10, windowMs: HOUR },
  searchPerIp: { max: 60, windowMs: MINUTE },
  writesPerUser: { max: 60, windowMs: MINUTE },
  contentPerUser: { max: 10, windowMs: MINUTE },
  // The editor previews at most once a second while its author types (a 1 s debounce).
  renderPerUser: { max: 90, windowMs: MINUTE },
};

const V1 = (method: string, path: string) => `${method} ${API_PREFIX}/${path}`;

/** Login, sign-up, password and e-mail flows: `authPerIp`. */
export const AUTH_ROUTES: ReadonlySet<string> = new Set([
  V1('POST', 'user/login/email'),
  V1('POST', 'user/register/email'),
  V1('POST', 'user/email/verification'),
  V1('POST', 'user/email/verification/send'),
  V1('POST', 'user/email/change/code'),
  V1('PUT', 'user/email'),
  V1('POST', 'user/password/reset'),
  V1('POST', 'user/password/replacement'),
  V1('PUT', 'user/password'),
  V1('POST', 'connector/binding/email'),
]);

/** Where a password is checked, and which account it is for: `loginPerIpAccount`, `loginPerAccount`. */
export const ACCOUNT_OF: ReadonlyMap<string, (request: FastifyRequest) => string | null> = new Map([
  [V1('POST', 'user/login/email'), (request: FastifyRequest) => bodyEmail(request)],
  [V1('PUT', 'user/password'), (request: FastifyRequest) => sessionUser(request)],
  [V1('POST', 'user/email/change/code'), (request: FastifyRequest) => sessionUser(request)],
]);
export const PASSWORD_ROUTES: ReadonlySet<string> = new Set(ACCOUNT_OF.keys());
export const LOGIN_ROUTE = V1('POST', 'user/login/email');

/** Requests that send e-mail, and to whom: `mailPerAccount`, `mailPerIp`. */
export const MAIL_TO: ReadonlyMap<string, (request: FastifyRequest) => string | null> = new Map([
  [V1('POST', 'user/register/email'), (request: FastifyRequest) => bodyEmail(request)],
  [V1('POST', 'user/password/reset'), (request: FastifyRequest) => bodyEmail(request)],
  [V1('POST', 'user/email/verification/send'), (request: FastifyRequest) => sessionUser(request)],
  [V1('POST', 'user/email/change/code'), (request: FastifyRequest) => sessionUser(request)],
]);
export const MAIL_ROUTES: ReadonlySet<string> = new Set(MAIL_TO.keys());

/** Creating and editing questions, answers and comments, flags and uploads: `contentPerUser`. */
export const CONTENT_ROUTES: ReadonlySet<string> = new Set([
  V1('POST', 'question'),
  V1('POST', 'question/answer'),
  V1('PUT', 'question'),
  V1('POST', 'answer'),
  V1('PUT', 'answer'),
  V1('POST', 'comment'),
  V1('PUT', 'comment'),
  V1('POST', 'report'),
  V1('POST', 'file'),
]);

/**
 * Previews: `renderPerUser` only. A preview writes nothing, so it counts neither against the writes
 * nor against the content budget (a long edit session must not block the post it prepares).
 */
export const RENDER_ROUTES: ReadonlySet<string> = new Set([V1('POST', 'post/render')]);

/** Searches: `searchPerIp` (reads are otherwise never limited). */
export const SEARCH_ROUTE = `GET ${API_PREFIX}/search`;

/**
 * The limits that count in the durable counters (the database) when there is no Redis: they must hold
 * across processes and restarts. `dup` is the duplicate-post guard's (modules/question/guards.ts).
 */
export const DURABLE_LIMITS: ReadonlySet<string> = new Set([
  'authPerIp',
  'loginPerIpAccount',
  'loginPerAccount',
  'mailPerAccount',
  'mailPerIp',
  'searchPerIp',
  'dup',
]);

/** How long a login for an account under attack waits when captchas are off. */
export const ACCOUNT_DELAY_MS = 3_000;

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A key part that names an account without putting its e-mail address into Redis or memory dumps. */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

function bodyEmail(request: FastifyRequest): string | null {
  const email = (request.body as { e_mail?: unknown } | undefined)?.e_mail;
  return typeof email === 'string' && email.trim() ? `e:${digest(emailKey(email))}` : null;
}

function sessionUser(request: FastifyRequest): string | null {
  return request.session ? `u:${request.session.userId}` : null;
}

/** The client address (IPv6 addresses by /64). Fastify's trustProxy is off, so X-Forwarded-For is ignored. */
export function clientAddress(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip)}`;
}

export function userOrAddress(request: FastifyRequest): string {
  return sessionUser(request) ?? clientAddress(request);
}

export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}
