import type { Revision, TagResp } from '@agora/shared-api/contract';
import type { Kysely } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { ApiFailure } from '../../lib/api-failure';
import { renderPostHtml } from '../../lib/markdown';
import { seconds } from '../../lib/time';
import { AnswerService } from '../answer/service';
import type { AvatarSettings } from '../profile/avatar';
import { LIST_USER_COLUMNS, toUserBasicInfo } from '../profile/service';
import { QuestionPostService, type Actor } from '../question/posts';
import { urlTitle } from '../question/text';
import type { TagReads } from './reads';

/** Revisions shown in a history: the creation (0) and applied edits (2); suggested and rejected ones are not. */
const SHOWN = [0, 2];

type Snapshot = Record<string, unknown>;

function parse(content: string): Snapshot {
  try {
    const value = JSON.parse(content) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * GET revisions?object_id (answer-api.md §2.10): the history of a question, answer or tag, newest
 * first, visible to whoever may see the object itself (the same rules as its page).
 */
export class RevisionReader {
  readonly #db: Kysely<DB>;
  readonly #tags: TagReads;
  readonly #posts: QuestionPostService;
  readonly #answers: AnswerService;

  constructor(db: Kysely<DB>, tags: TagReads) {
    this.#db = db;
    this.#tags = tags;
    this.#posts = new QuestionPostService(db);
    this.#answers = new AnswerService(db, this.#posts);
  }

  /**
   * The shown revisions of `objectId`. `viewer` is the caller; `withDeletedTags` whether they may see
   * deleted tags (tag.undeleted). An object the caller may not see is 404.
   */
  async list(objectId: string, viewer: Actor, withDeletedTags: boolean, avatars: AvatarSettings): Promise<Revision[]> {
    const id = objectId.trim();
    const type = objectTypeOf(id);
    let title = '';
    if (type === 'tag') await this.#tags.find({ id }, withDeletedTags);
    else if (type === 'question') title = (await this.#posts.view(id, viewer)).row.title;
    else if (type === 'answer') {
      const answer = await this.#answers.one(id, viewer);
      title = (await this.#posts.view(answer.question_id, viewer)).row.title;
    } else throw ApiFailure.notFound('error.object.not_found');

    const rows = await this.#db
      .selectFrom('revision')
      .selectAll()
      .where('object_id', '=', id)
      .where('status', 'in', SHOWN)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const userIds = [...new Set(rows.map((r) => Number(r.user_id)))];
    const users = userIds.length
      ? await this.#db.selectFrom('user').select(LIST_USER_COLUMNS).where('user.id', 'in', userIds).execute()
      : [];
    const byId = new Map(users.map((u) => [Number(u.id), toUserBasicInfo(u, avatars)]));
    const snapshots = rows.map((row) => parse(row.content));
    const tags = type === 'question' ? await this.#snapshotTags(snapshots) : new Map<string, TagResp>();
    return rows.map((row, i) => {
      const snapshot = snapshots[i]!;
      let content: unknown;
      let revisionTitle = title;
      if (type === 'tag') {
        revisionTitle = text(snapshot.display_name) || row.title;
        const original = text(snapshot.original_text);
        content = {
          slug_name: text(snapshot.slug_name),
          display_name: text(snapshot.display_name),
          original_text: original,
          parsed_text: renderPostHtml(original),
          main_tag_slug_name: text(snapshot.main_tag_slug_name),
        };
      } else if (type === 'question') {
        revisionTitle = text(snapshot.title) || row.title;
        const original = text(snapshot.original_text);
        const named = Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : [];
        content = {
          title: revisionTitle,
          content: original,
          html: renderPostHtml(original),
          tags: named.flatMap((tag) => {
            const found = tags.get(tagKey(tag));
            return found ? [found] : [];
          }),
        };
      } else {
        const original = text(snapshot.original_text);
        content = { content: original, html: renderPostHtml(original) };
      }
      const user = byId.get(Number(row.user_id));
      return {
        id: String(row.id),
        use_id: String(row.user_id),
        object_id: row.object_id,
        title: revisionTitle,
        url_title: urlTitle(revisionTitle),
        content,
        status: Number(row.status),
        create_at: seconds(row.created_at),
        ...(user ? { user_info: user } : {}),
        reason: row.log,
      };
    });
  }

  /**
   * The tags question snapshots name, by the key `tagKey` gives them: a question's first revision
   * holds tag objects, its edits hold tag ids (or slugs of tags a suggested edit would create).
   */
  async #snapshotTags(snapshots: Snapshot[]): Promise<Map<string, TagResp>> {
    const out = new Map<string, TagResp>();
    const ids = new Set<string>();
    const slugs = new Set<string>();
    for (const snapshot of snapshots) {
      for (const tag of Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : []) {
        if (typeof tag === 'string') {
          if (objectTypeOf(tag) === 'tag') ids.add(tag);
          else slugs.add(tag);
        } else if (tag && typeof tag === 'object') {
          const t = tag as Record<string, unknown>;
          out.set(tagKey(tag), {
            slug_name: text(t.slug_name),
            display_name: text(t.display_name) || text(t.slug_name),
            main_tag_slug_name: text(t.main_tag_slug_name),
            recommend: t.recommend === true,
            reserved: t.reserved === true,
          });
        }
      }
    }
    if (ids.size || slugs.size) {
      const rows = await this.#db
        .selectFrom('tag')
        .select(['id', 'slug_name', 'display_name', 'main_tag_slug_name', 'recommend', 'reserved'])
        .where((eb) =>
          eb.or([
            ...(ids.size ? [eb('id', 'in', [...ids])] : []),
            ...(slugs.size ? [eb('slug_name', 'in', [...slugs])] : []),
          ]),
        )
        .execute();
      for (const row of rows) {
        const resp: TagResp = {
          slug_name: row.slug_name,
          display_name: row.display_name,
          main_tag_slug_name: row.main_tag_slug_name,
          recommend: Number(row.recommend) === 1,
          reserved: Number(row.reserved) === 1,
        };
        if (ids.has(row.id)) out.set(`id:${row.id}`, resp);
        if (slugs.has(row.slug_name)) out.set(`slug:${row.slug_name}`, resp);
      }
      // A slug a suggested edit named but nobody created: shown as itself.
      for (const slug of slugs)
        if (!out.has(`slug:${slug}`))
          out.set(`slug:${slug}`, {
            slug_name: slug,
            display_name: slug,
            main_tag_slug_name: '',
            recommend: false,
            reserved: false,
          });
    }
    return out;
  }
}

function tagKey(tag: unknown): string {
  if (typeof tag === 'string') return objectTypeOf(tag) === 'tag' ? `id:${tag}` : `slug:${tag}`;
  if (tag && typeof tag === 'object') return `obj:${text((tag as Record<string, unknown>).slug_name)}`;
  return '';
}
