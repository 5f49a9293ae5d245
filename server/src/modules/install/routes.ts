import {
  ConfigFileCheckResult,
  DbCheckResult,
  InstallBaseInfoBody,
  InstallDbBody,
  LanguageOptions,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaValidationError } from 'fastify';
import { Type } from 'typebox';
import { catalogOf, isLanguage, LANGUAGES } from '../../i18n';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { fieldFailures } from '../../lib/validation-messages';
import type { Installer } from './installer';
import { validateBaseInfo, type BaseInfoInput } from './validate';

/** Installer bodies are small forms: anything bigger is refused with 413 before it is parsed. */
export const INSTALL_BODY_LIMIT = 64 * 1024;

const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ label: l.label, value: l.value }));
const LanguageConfigQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 30 })) });
const Catalog = Type.Record(Type.String(), Type.Unknown());

/**
 * Field errors of a base-info body: the install rules (validateBaseInfo: required, site URL, e-mail,
 * admin name, password length, language) word each field's problem; schema errors stand for what
 * those rules do not cover (a wrong type, a bad `external_content_display`, an over-long e-mail).
 */
export function baseInfoFailures(body: unknown, schemaErrors: readonly FastifySchemaValidationError[]): FieldFailure[] {
  const fromSchema = fieldFailures(schemaErrors);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fromSchema;
  const raw = body as Record<string, unknown>;
  const text = (field: string) => (typeof raw[field] === 'string' ? (raw[field] as string) : '');
  const input: BaseInfoInput = {
    lang: text('lang'),
    site_name: text('site_name'),
    site_url: text('site_url'),
    contact_email: text('contact_email'),
    name: text('name'),
    password: text('password'),
    email: text('email'),
  };
  const byField = new Map<string, FieldFailure>();
  for (const error of validateBaseInfo(input)) {
    const field = error.field;
    // A value of the wrong type: the schema's "must be text" says more than "required".
    if (raw[field] !== undefined && typeof raw[field] !== 'string') continue;
    byField.set(field, {
      field,
      reason: error.reason ?? 'validation.invalid',
      ...(error.params ? { params: error.params } : {}),
    });
  }
  for (const failure of fromSchema) if (!byField.has(failure.field)) byField.set(failure.field, failure);
  return [...byField.values()];
}

/**
 * The installer API (docs/wire-contract.md) under /installation, registered only in install mode.
 * Once the site is installed every route answers 404 (the installer must never be reachable on a live
 * site), including requests that were already on their way when the server switched to the installed
 * site.
 */
export const installRoutes: FastifyPluginAsyncTypebox<{ installer: Installer }> = async (app, { installer }) => {
  app.addHook('onRequest', async () => {
    if (await installer.refreshInstalled()) throw ApiFailure.notFound();
  });

  app.get(
    '/language/options',
    { config: { auth: 'none' }, schema: { response: responses(LanguageOptions, [404]) } },
    async (request) => ok(request, LANGUAGE_OPTIONS),
  );

  // The server's own catalogue (reasons, field messages, installer errors) in the asked language.
  app.get(
    '/language/config',
    {
      config: { auth: 'none' },
      schema: { querystring: LanguageConfigQuery, response: responses(Catalog, [400, 404]) },
    },
    async (request) => {
      const lang = request.query.lang && isLanguage(request.query.lang) ? request.query.lang : request.lang;
      return ok(request, catalogOf(lang) as Record<string, unknown>);
    },
  );

  app.post(
    '/db/check',
    {
      config: { auth: 'none' },
      bodyLimit: INSTALL_BODY_LIMIT,
      schema: { body: InstallDbBody, response: responses(DbCheckResult, [400, 404, 413]) },
    },
    async (request) => ok(request, await installer.checkDatabase(request.body, request.lang)),
  );

  app.post(
    '/config-file/check',
    {
      config: { auth: 'none' },
      bodyLimit: INSTALL_BODY_LIMIT,
      schema: { response: responses(ConfigFileCheckResult, [404, 413]) },
    },
    async (request) => ok(request, await installer.configFileCheck()),
  );

  app.post(
    '/init',
    {
      config: { auth: 'none' },
      bodyLimit: INSTALL_BODY_LIMIT,
      schema: { body: InstallDbBody, response: responses(Type.Null(), [400, 404, 413]) },
    },
    async (request) => ok(request, await installer.init(request.body, request.lang)),
  );

  app.post(
    '/base-info',
    {
      config: { auth: 'none' },
      bodyLimit: INSTALL_BODY_LIMIT,
      attachValidation: true,
      schema: { body: InstallBaseInfoBody, response: responses(Type.Null(), [400, 404, 413, 503]) },
    },
    async (request) => {
      const schemaErrors = (request.validationError as { validation?: FastifySchemaValidationError[] } | undefined)
        ?.validation;
      const failures = baseInfoFailures(request.body, schemaErrors ?? []);
      if (failures.length) throw ApiFailure.fields(failures);
      if (request.validationError) throw ApiFailure.badRequest();
      return ok(request, await installer.baseInfo(request.body, request.lang));
    },
  );
};
