import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { ApiFailure } from '../../src/lib/api-failure';
import { accountsRoutes, type AccountsCaptcha, type AccountsMailer } from '../../src/modules/accounts/routes';
import { AccountsService, type AccountMail } from '../../src/modules/accounts/service';
import { userRoutes } from '../../src/modules/user/routes';
import auth from '../../src/plugins/auth';
import errors from '../../src/plugins/errors';
import i18n from '../../src/plugins/i18n';
import type { TestDatabase } from '../db/databases';
import { installedSite, type InstalledSite } from './helpers';

export const API = '/answer/api/v1';

export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

/** A captcha double: records every call; actions in `required` need the answer `right`. */
export class FakeCaptcha implements AccountsCaptcha {
  readonly calls: string[] = [];
  readonly required = new Set<string>();

  async verify(_request: unknown, action: string, answer: { captcha_id?: string; captcha_code?: string }) {
    this.calls.push(`verify:${action}`);
    if (this.required.has(action) && answer?.captcha_code !== 'right') {
      const reason = 'error.object.captcha_verification_failed';
      throw ApiFailure.fields([{ field: 'captcha_code', reason }], reason);
    }
  }
  async record(_request: unknown, action: string) {
    this.calls.push(`record:${action}`);
  }
  async clear(_request: unknown, action: string) {
    this.calls.push(`clear:${action}`);
  }
}

/** The mail outbox double: keeps what the flows queued. */
export class FakeMailer implements AccountsMailer {
  readonly mails: AccountMail[] = [];

  async enqueue(mail: AccountMail) {
    this.mails.push(mail);
  }

  /** The newest mail to an address (optionally of a template). */
  last(to: string, template?: AccountMail['template']): AccountMail | undefined {
    return [...this.mails].reverse().find((m) => m.to === to && (!template || m.template === template));
  }

  /** The code of the newest mail's link to an address. */
  code(to: string, template?: AccountMail['template']): string {
    const link = this.last(to, template)?.params.link;
    if (!link) throw new Error(`no ${template ?? ''} mail with a link to ${to}`);
    return new URL(link).searchParams.get('code')!;
  }
}

export interface FlowHarness {
  site: InstalledSite;
  app: FastifyInstance;
  accounts: AccountsService;
  settings: DbSettingsStore;
  captcha: FakeCaptcha;
  mailer: FakeMailer;
  /** The clock the accounts service reads (Unix ms); tests move it. */
  clock: { now: number };
  post(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(path: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  get(path: string, token?: string): Promise<LightMyRequestResponse>;
  del(path: string, body?: unknown, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const START = Date.UTC(2026, 10, 22, 9);

/**
 * An installed site and an app with what the account routes need around them (i18n, errors, auth
 * over the real session store, the modules/user info and logout routes), a fake captcha and a fake
 * mail outbox. No rate limits here (rate-limit tests go through buildApp).
 */
export async function flowHarness(target: TestDatabase): Promise<FlowHarness> {
  const site = await installedSite(target);
  const clock = { now: START };
  const accounts = new AccountsService(site.database.db, { now: () => clock.now });
  const settings = new DbSettingsStore(site.database.db);
  const captcha = new FakeCaptcha();
  const mailer = new FakeMailer();
  const app = Fastify({ logger: false }).setValidatorCompiler(TypeBoxValidatorCompiler);
  app.decorate('settings', settings);
  app.decorate('sessions', accounts.sessionStore());
  app.decorate('users', accounts.userStore());
  await app.register(i18n);
  await app.register(errors);
  await app.register(auth);
  await app.register(
    async (api) => {
      await api.register(accountsRoutes, { accounts, captcha, mailer });
      await api.register(userRoutes);
    },
    { prefix: API },
  );
  await app.ready();
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (path: string, body?: unknown, token?: string) =>
    app.inject({
      method,
      url: `${API}/${path}`,
      ...(body !== undefined ? { payload: body as object } : {}),
      headers: token ? { authorization: token } : {},
    });
  return {
    site,
    app,
    accounts,
    settings,
    captcha,
    mailer,
    clock,
    post: (path, body, token, headers) =>
      app.inject({
        method: 'POST',
        url: `${API}/${path}`,
        ...(body !== undefined ? { payload: body as object } : {}),
        headers: { ...(token ? { authorization: token } : {}), ...headers },
      }),
    put: send('PUT'),
    get: (path, token) => send('GET')(path, undefined, token),
    del: send('DELETE'),
    close: async () => {
      await app.close();
      await site.cleanup();
    },
  };
}

export function envelope<T = Record<string, unknown>>(res: LightMyRequestResponse): Envelope<T> {
  return res.json() as Envelope<T>;
}

/** Asserts a 400 with exactly one field error, and returns its message. */
export function expectFieldError(res: LightMyRequestResponse, field: string, reason?: string): string {
  expect(res.statusCode, res.body).toBe(400);
  const body = envelope<Array<{ error_field: string; error_msg: string }>>(res);
  if (reason) expect(body.reason).toBe(reason);
  expect(body.data.map((d) => d.error_field)).toEqual([field]);
  return body.data[0]!.error_msg;
}

let counter = 0;
/** A fresh address and name for each sign-up in a test file. */
export function newPerson(prefix = 'p'): { name: string; e_mail: string; pass: string } {
  counter += 1;
  return {
    name: `${prefix} person ${counter}`,
    e_mail: `${prefix}.${counter}@example.com`,
    pass: `quiet violet ${counter} lamp`,
  };
}

/**
 * Registers a suite's harness hooks inside its describe block: one harness per database, the clock back at
 * START and no captcha demanded before each test. Returns the harness (valid once beforeAll has run).
 */
export function useFlowHarness(target: TestDatabase): () => FlowHarness {
  let h: FlowHarness;
  beforeAll(async () => {
    h = await flowHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    h.clock.now = START;
    h.captcha.required.clear();
  });
  return () => h;
}
