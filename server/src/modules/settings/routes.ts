import { SiteModeration, SiteQuestions, SiteTags, type SettingTag } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { singleLineFailure } from '../../lib/single-line';
import { TAG_SLUG, type ResolvedSettingTags, type SettingTagSource } from '../post/tags';
import { groupSaver, type SettingsRoutesOptions } from './save';

export interface WriteSettingsOptions extends SettingsRoutesOptions {
  /** The site's tags; without them (no database) no tag can be named. */
  tags?: SettingTagSource;
}

/** The field failure of one tag list: a malformed slug, else tags that do not exist. */
function tagListFailure(field: string, list: SettingTag[], resolved: ResolvedSettingTags): FieldFailure | null {
  const malformed = list.filter((tag) => !TAG_SLUG.test(tag.slug_name.trim().toLowerCase()));
  if (malformed.length) return { field, reason: 'error.tag.slug_invalid' };
  if (resolved.missing.length)
    return { field, reason: 'error.tag.not_found_list', params: { tags: resolved.missing.join(', ') } };
  return null;
}

/**
 * The write settings (siteinfo/question, siteinfo/tag) and the moderation settings, under /answer/admin/api, administrators only. Saving the tag group marks exactly the named tags
 * recommended and reserved on their rows (TagResp shows the flags; reserved tags need
 * tag.use_reserved_tag), so it refuses tags that do not exist, as Answer does. Synonyms stand for
 * their main tag.
 */
export const writeSettingsRoutes: FastifyPluginAsyncTypebox<WriteSettingsOptions> = async (app, { tags, pinned }) => {
  const save = groupSaver(app, pinned);

  app.get(
    '/siteinfo/question',
    { config: { auth: 'admin' }, schema: { response: responses(SiteQuestions, [401, 403]) } },
    async (request) => ok(request, await app.settings.get('question')),
  );

  app.put(
    '/siteinfo/question',
    {
      config: { auth: 'admin' },
      schema: { body: SiteQuestions, response: responses(SiteQuestions, [400, 401, 403]) },
    },
    async (request) => {
      const value: SiteQuestions = {
        min_tags: request.body.min_tags,
        min_content: request.body.min_content,
        restrict_answer: request.body.restrict_answer,
      };
      await save(request, 'question', value);
      return ok(request, value);
    },
  );

  // The moderation settings: which new posts wait for review, and the repeat-deletion block.
  app.get(
    '/siteinfo/moderation',
    { config: { auth: 'admin' }, schema: { response: responses(SiteModeration, [401, 403]) } },
    async (request) => ok(request, await app.settings.get('moderation')),
  );

  app.put(
    '/siteinfo/moderation',
    {
      config: { auth: 'admin' },
      schema: { body: SiteModeration, response: responses(SiteModeration, [400, 401, 403]) },
    },
    async (request) => {
      const body = request.body;
      const words = [...new Set(body.queue_words.map((w) => w.trim()).filter((w) => w !== ''))];
      // One word or phrase per entry: the screen edits them one per line.
      const failure = words.map((w) => singleLineFailure('queue_words', w)).find((f) => f !== null);
      const value: SiteModeration = {
        queue_first_posts: body.queue_first_posts,
        queue_words: words,
        deletion_block_count: body.deletion_block_count,
        deletion_block_days: body.deletion_block_days,
        deletion_block_block_days: body.deletion_block_block_days,
      };
      await save(request, 'moderation', value, failure ? [failure] : []);
      return ok(request, value);
    },
  );

  app.get(
    '/siteinfo/tag',
    { config: { auth: 'admin' }, schema: { response: responses(SiteTags, [401, 403]) } },
    async (request) => ok(request, await app.settings.get('tag')),
  );

  app.put(
    '/siteinfo/tag',
    {
      config: { auth: 'admin' },
      schema: { body: SiteTags, response: responses(SiteTags, [400, 401, 403]) },
    },
    async (request) => {
      const body = request.body;
      const none = (list: SettingTag[]): ResolvedSettingTags => ({ tags: [], missing: list.map((t) => t.slug_name) });
      const [recommend, reserved] = await Promise.all([
        tags ? tags.resolve(body.recommend_tags) : none(body.recommend_tags),
        tags ? tags.resolve(body.reserved_tags) : none(body.reserved_tags),
      ]);
      const failures = [
        tagListFailure('recommend_tags', body.recommend_tags, recommend),
        tagListFailure('reserved_tags', body.reserved_tags, reserved),
      ].filter((f): f is FieldFailure => f !== null);
      if (failures.length) throw ApiFailure.fields(failures);
      const named = (resolved: ResolvedSettingTags) =>
        resolved.tags.map((t) => ({ slug_name: t.slug_name, display_name: t.display_name }));
      const value: SiteTags = {
        reserved_tags: named(reserved),
        recommend_tags: named(recommend),
        required_tag: body.required_tag,
      };
      // Saved first: a refused save (a pinned field) leaves the tags' flags as they were.
      await save(request, 'tag', value);
      await tags?.setFlags(
        recommend.tags.map((t) => t.id),
        reserved.tags.map((t) => t.id),
      );
      return ok(request, value);
    },
  );
};
