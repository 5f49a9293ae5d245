import { UnsubscribeBody } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import type { AccountsService } from '../accounts/service';

/**
 * POST user/notification/unsubscribe/one-click?code= (ours): the one-click unsubscribe a mail client
 * calls from a notification mail's List-Unsubscribe header (body `List-Unsubscribe=One-Click`, form
 * encoded). Does what PUT user/notification/unsubscribe does with the same code: turns off the kind of
 * mail the code names, without a login. A forged, expired or unknown code: 400, nothing changes.
 */
export const oneClickUnsubscribeRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountsService }> = async (
  app,
  { accounts },
) => {
  // Mail clients post a form; its only field says 'One-Click' and carries nothing the route needs.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  );
  app.post(
    '/user/notification/unsubscribe/one-click',
    { config: { auth: 'none' }, schema: { querystring: UnsubscribeBody, response: responses(Type.Null(), [400]) } },
    async (request) => {
      if ((await accounts.unsubscribe(request.query.code)) === null) {
        throw ApiFailure.badRequest('error.notification.unsubscribe_code_invalid');
      }
      return ok(request, null);
    },
  );
};
