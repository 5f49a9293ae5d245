import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SearchService } from './service';

/** GET search (answer-api.md §2.8), under /answer/api/v1. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ search: SearchService }> = async (app, { search }) => {
  void app;
  void search;
};
