import { CurrentUser } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { clearSessionCookie } from '../accounts/session-cookie';
import type { UserStore } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserStore;
  }
}

/** Session endpoints (docs/wire-contract.md), under /answer/api/v1. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Level `none`: a missing, unknown or ended token is not an error here, just "nobody".
  // A client that sent its token in the Authorization header gets it back as `access_token` (Answer's
  // UI stores that value again on every load, and logs out without it). The HttpOnly cookie's token is
  // never echoed: a script that did not send it must not read it.
  app.get(
    '/user/info',
    {
      config: { auth: 'none', reportsSuspension: true },
      schema: { response: responses(Type.Union([CurrentUser, Type.Null()]), [403]) },
    },
    async (request) => {
      const user = request.session ? await app.users.currentUser(request.session) : null;
      if (user && request.authToken && !request.authByCookie)
        return ok(request, { ...user, access_token: request.authToken });
      return ok(request, user);
    },
  );

  // A GET for the contract, but a state change: with the cookie it needs the app's header and no foreign
  // Origin (so a cross-site link or image cannot end a session), and HEAD is not routed to it.
  app.get(
    '/user/logout',
    {
      config: { auth: 'login', stateChange: true },
      exposeHeadRoute: false,
      schema: { response: responses(Type.Null(), [401, 403]) },
    },
    async (request, reply) => {
      if (request.authToken) await app.sessions.revoke(request.authToken);
      await clearSessionCookie(request, reply);
      return ok(request, null);
    },
  );
};
