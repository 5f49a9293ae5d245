import {
  AdminPluginList,
  AdminPluginsQuery,
  AdminPluginStatusBody,
  type AdminPlugin,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { PluginDeployment } from '../../config';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { auditOf } from '../audit/service';
import type { PluginStateStore } from './state';

/** What the admin list shows of a configured plugin (no plugin has settings or a release feed yet). */
function adminPlugin(p: PluginDeployment): AdminPlugin {
  return {
    name: p.label ?? p.name,
    slug_name: p.slug_name,
    description: '',
    version: '',
    enabled: p.enabled !== false,
    have_config: false,
    link: '',
    outdated: false,
  };
}

/**
 * GET plugins and PUT plugin/status under /answer/admin/api, administrators only: the plugins of the
 * server configuration, switched on and off in the database. A plugin switched off leaves
 * /remotes.json (the shell stops loading it) and shows disabled in GET plugin/status.
 */
export const adminPluginRoutes: FastifyPluginAsyncTypebox<{
  plugins: PluginDeployment[];
  states: PluginStateStore;
}> = async (app, { plugins, states }) => {
  const admin = { auth: 'admin' } as const;

  app.get(
    '/plugins',
    {
      config: admin,
      schema: { querystring: AdminPluginsQuery, response: responses(AdminPluginList, [400, 401, 403]) },
    },
    async (request) => {
      const { status, have_config } = request.query;
      const list = (await states.resolve(plugins))
        .map(adminPlugin)
        .filter((p) => status === undefined || p.enabled === (status === 'active'))
        .filter((p) => have_config === undefined || p.have_config === have_config);
      return ok(request, list);
    },
  );

  app.put(
    '/plugin/status',
    { config: admin, schema: { body: AdminPluginStatusBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      const slug = request.body.plugin_slug_name.trim();
      const plugin = (await states.resolve(plugins)).find((p) => p.slug_name === slug);
      if (!plugin) throw ApiFailure.notFound('error.plugin.not_found');
      const word = (enabled: boolean) => (enabled ? 'active' : 'inactive');
      const audit = auditOf(request);
      await states.set(slug, request.body.enabled, (trx) =>
        audit(
          {
            action: 'plugin.status_changed',
            target: { type: 'plugin', id: slug, name: plugin.label ?? plugin.name },
            detail: { from: word(plugin.enabled !== false), to: word(request.body.enabled) },
          },
          trx,
        ),
      );
      return ok(request, null);
    },
  );
};
