import { PluginStatusList, type PluginStatus } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PluginDeployment } from '../../config';
import { ok, responses } from '../../lib/envelope';
import { configuredPluginStates, type PluginStateStore } from './state';

/**
 * GET plugin/status: every configured plugin and whether it is enabled (docs/wire-contract.md; the
 * administrator's choice in `states`, else the config's), then the built-in ones (`captcha-basic`, the
 * image captcha) unless a configured plugin has the same slug.
 */
export const pluginStatusRoutes: FastifyPluginAsyncTypebox<{
  plugins: PluginDeployment[];
  builtin?: PluginStatus[];
  states?: PluginStateStore;
}> = async (app, { plugins, builtin = [], states = configuredPluginStates }) => {
  app.get(
    '/plugin/status',
    { config: { auth: 'none' }, schema: { response: responses(PluginStatusList) } },
    async (request) => {
      const resolved = await states.resolve(plugins);
      const status = resolved.map((p) => ({ slug_name: p.slug_name, enabled: p.enabled !== false }));
      for (const b of builtin) if (!status.some((s) => s.slug_name === b.slug_name)) status.push(b);
      return ok(request, status);
    },
  );
};
