import { PluginStatusList } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PluginDeployment } from '../../config';
import { ok, responses } from '../../lib/envelope';

/** GET plugin/status: every configured plugin and whether it is enabled (answer-api.md §2.1). */
export const pluginStatusRoutes: FastifyPluginAsyncTypebox<{ plugins: PluginDeployment[] }> = async (
  app,
  { plugins },
) => {
  const status = plugins.map((p) => ({ slug_name: p.slug_name, enabled: p.enabled !== false }));
  app.get('/plugin/status', { schema: { response: responses(PluginStatusList) } }, async (request) =>
    ok(request, status),
  );
};
