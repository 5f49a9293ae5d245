import {
  TagCreateBody,
  TagCreateResult,
  TagIdBody,
  TagInfo,
  TagInfoQuery,
  TagMergeBody,
  TagPage,
  TagPageQuery,
  TagSynonymBody,
  TagSynonyms,
  TagSynonymsQuery,
  TagBriefList,
  TagsBySlugQuery,
  TagUpdateBody,
  TagUpdateResult,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import { memberActions } from '../permission/member-actions';
import { checkPermission, requirePermission } from '../permission/require';
import { actorOf, isStaff } from '../post/actor';
import { tagItem } from './reads';
import { slugList, type TagService } from './service';
import { TAG_STATUS, type TagRow } from './table';

async function allowed(request: FastifyRequest, action: string): Promise<boolean> {
  if (!request.session) return false;
  return (await checkPermission(request, action)).allowed;
}

function viewerId(request: FastifyRequest): number | undefined {
  return request.session ? Number(request.session.userId) : undefined;
}

/** Tag lists, pages, editing and synonyms: every URL under tag and tags, under /answer/api/v1. */
export const tagRoutes: FastifyPluginAsyncTypebox<{ tags: TagService }> = async (app, { tags }) => {
  const active = { auth: 'active' } as const;
  const pub = { auth: 'pub' } as const;

  // GET tags?tags=a,b: the tags of these slugs (the ask form's ?tags= prefill), level `pub`.
  app.get(
    '/tags',
    { config: pub, schema: { querystring: TagsBySlugQuery, response: responses(TagBriefList, [400, 401, 403]) } },
    async (request) => ok(request, await tags.bySlugs(slugList(request.query.tags))),
  );

  // GET tags/page: the tag list (main tags only).
  app.get(
    '/tags/page',
    { config: pub, schema: { querystring: TagPageQuery, response: responses(TagPage, [400, 401, 403, 404]) } },
    async (request) => ok(request, await tags.reads.page(request.query, viewerId(request))),
  );

  // GET tag?id=|name=: one tag (a synonym answers with its main tag; deleted ones for tag.undeleted).
  app.get(
    '/tag',
    { config: pub, schema: { querystring: TagInfoQuery, response: responses(TagInfo, [400, 401, 403, 404]) } },
    async (request) => {
      const withDeleted = await allowed(request, 'tag.undeleted');
      const row: TagRow = await tags.reads.find(request.query, withDeleted);
      const deleted = row.status === TAG_STATUS.deleted;
      // Each action only when its route would accept it: the same permission and the same state rule.
      const deletable = !deleted && !!request.session && (await tags.edits.deletable(row.id));
      const [followed, actions] = await Promise.all([
        tags.reads.followed(viewerId(request), [row.id]),
        memberActions(
          request,
          deleted
            ? [['undelete', 'tag.undeleted']]
            : [
                ['edit', 'tag.edit'],
                ['delete', 'tag.delete', {}, deletable],
                // Answer's `merge` action is the synonym editor (PUT tag/synonym, tag.synonym).
                ['merge', 'tag.synonym'],
              ],
        ),
      ]);
      const { recommend, reserved, ...item } = tagItem(row, followed.has(row.id));
      return ok(request, {
        ...item,
        status: deleted ? ('deleted' as const) : ('available' as const),
        member_actions: actions,
        main_tag_slug_name: row.main_tag_slug_name,
        recommend,
        reserved,
      });
    },
  );

  // GET tag/synonyms?tag_id: the synonyms of the (main) tag; none of a deleted one (for tag.undeleted).
  app.get(
    '/tag/synonyms',
    {
      config: pub,
      schema: { querystring: TagSynonymsQuery, response: responses(TagSynonyms, [400, 401, 403, 404]) },
    },
    async (request) => {
      const withDeleted = await allowed(request, 'tag.undeleted');
      const { main, synonyms } = await tags.reads.synonyms(request.query.tag_id, withDeleted);
      // A deleted tag takes no synonyms: nothing to edit.
      const actions = main.status === TAG_STATUS.deleted ? [] : await memberActions(request, [['edit', 'tag.synonym']]);
      return ok(request, { synonyms, member_actions: actions });
    },
  );

  // PUT tag/synonym (P:tag.synonym): the complete synonym set of a main tag.
  app.put(
    '/tag/synonym',
    { config: active, schema: { body: TagSynonymBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'tag.synonym');
      await tags.synonyms.set(actorOf(request), request.body.tag_id, request.body.synonym_tag_list);
      return ok(request, null);
    },
  );

  // POST tag/merge (moderators and admins): the source tag goes into the target (see TagSynonymEdits.merge).
  app.post(
    '/tag/merge',
    { config: active, schema: { body: TagMergeBody, response: responses(Type.Null(), [400, 401, 403]) } },
    async (request) => {
      if (!isStaff(actorOf(request).roleId)) throw ApiFailure.forbidden();
      await tags.synonyms.merge(request.body.source_tag_id, request.body.target_tag_id);
      return ok(request, null);
    },
  );

  // POST tag (P:tag.add): a new main tag.
  app.post(
    '/tag',
    {
      config: active,
      schema: { body: TagCreateBody, response: responses(TagCreateResult, [400, 401, 403]) },
    },
    async (request) => {
      await requirePermission(request, 'tag.add');
      return ok(request, await tags.edits.create(actorOf(request), request.body));
    },
  );

  // PUT tag (P:tag.edit): applied with tag.edit_without_review (owners are not exempt), else suggested.
  app.put(
    '/tag',
    {
      config: active,
      schema: { body: TagUpdateBody, response: responses(TagUpdateResult, [400, 401, 403, 404]) },
    },
    async (request) => {
      await requirePermission(request, 'tag.edit');
      const actor = actorOf(request);
      const direct = await checkPermission(request, 'tag.edit_without_review');
      const result = await tags.edits.update(actor, request.body, {
        applyNow: direct.allowed,
        mayRenameSlug: isStaff(actor.roleId),
      });
      return ok(request, result);
    },
  );

  // DELETE tag (P:tag.delete): refused while questions or synonyms use it.
  app.delete(
    '/tag',
    { config: active, schema: { body: TagIdBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'tag.delete');
      await tags.edits.remove(actorOf(request), request.body.tag_id);
      return ok(request, null);
    },
  );

  // POST tag/recover (P:tag.undeleted).
  app.post(
    '/tag/recover',
    { config: active, schema: { body: TagIdBody, response: responses(Type.Null(), [400, 401, 403, 404]) } },
    async (request) => {
      await requirePermission(request, 'tag.undeleted');
      await tags.edits.recover(actorOf(request), request.body.tag_id);
      return ok(request, null);
    },
  );
};
