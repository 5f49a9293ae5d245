import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TagService } from './service';

/** Tag pages, editing, synonyms and history (answer-api.md §2.7, GET revisions), under /answer/api/v1. */
export const tagRoutes: FastifyPluginAsyncTypebox<{ tags: TagService }> = async (app, { tags }) => {
  void app;
  void tags;
};
