import {
  ConnectorInfoList,
  ConnectorUserInfoList,
  UserCenterAgent,
  UserPluginConfigList,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, responses } from '../../lib/envelope';

/**
 * Routes of plugin kinds the site has none of yet: a user-center, sign-in connectors and per-member
 * plugin settings. Answer's UI calls them on every page, so they answer
 * "feature off" in the contract's shapes instead of a 404. Under /answer/api/v1. A module that brings
 * one of these features replaces its route here.
 */
export const featureOffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user-center/agent',
    { config: { auth: 'none' }, schema: { response: responses(UserCenterAgent) } },
    async (request) => ok(request, { enabled: false }),
  );
  app.get(
    '/connector/info',
    { config: { auth: 'none' }, schema: { response: responses(ConnectorInfoList) } },
    async (request) => ok(request, []),
  );
  app.get(
    '/connector/user/info',
    { config: { auth: 'active' }, schema: { response: responses(ConnectorUserInfoList, [401, 403]) } },
    async (request) => ok(request, []),
  );
  app.get(
    '/user/plugin/configs',
    { config: { auth: 'active' }, schema: { response: responses(UserPluginConfigList, [401, 403]) } },
    async (request) => ok(request, []),
  );
};
