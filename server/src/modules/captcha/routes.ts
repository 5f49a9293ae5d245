import { ActionRecord, ActionRecordQuery } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';
import type { CaptchaGate } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Captchas and action records (docs/wire-contract.md); see modules/captcha/service.ts. */
    captcha: CaptchaGate;
  }
}

/**
 * GET /answer/api/v1/user/action/record?action=<key> (docs/wire-contract.md): whether the next `action`
 * needs a captcha and, if so, a fresh one. Auth `none`, but a token counts: the unit is the user
 * for most actions, and administrators and moderators never need a captcha. 429 when the client
 * already holds 30 unanswered captchas (MAX_LIVE_CAPTCHAS).
 */
export const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/action/record',
    {
      config: { auth: 'none' },
      schema: { querystring: ActionRecordQuery, response: responses(ActionRecord, [400, 429]) },
    },
    // Served with Cache-Control: no-store like every API answer (plugins/api-cache).
    async (request) => ok(request, await app.captcha.actionRecord(request, request.query.action)),
  );

  // GET user/register/captcha: the sign-up form's captcha, i.e. the action record of `email`
  // (registration, like every mail-sending action, always needs one while the captcha is on).
  app.get(
    '/user/register/captcha',
    { config: { auth: 'none' }, schema: { response: responses(ActionRecord, [429]) } },
    async (request) => ok(request, await app.captcha.actionRecord(request, 'email')),
  );
};
