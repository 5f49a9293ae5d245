import { PluginStatusList, type PluginStatus } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PluginDeployment } from '../../config';
import { ok, responses } from '../../lib/envelope';

/**
 * GET plugin/status: every configured plugin and whether it is enabled (docs/wire-contract.md), then the
 * built-in ones (`captcha-basic`, the image captcha) unless a configured plugin has the same slug.
 */
export const pluginStatusRoutes: FastifyPluginAsyncTypebox<{
  plugins: PluginDeployment[];
  builtin?: PluginStatus[];
}> = async (app, { plugins, builtin = [] }) => {
  const status = plugins.map((p) => ({ slug_name: p.slug_name, enabled: p.enabled !== false }));
  for (const b of builtin) if (!status.some((s) => s.slug_name === b.slug_name)) status.push(b);
  app.get('/plugin/status', { schema: { response: responses(PluginStatusList) } }, async (request) =>
    ok(request, status),
  );
};
