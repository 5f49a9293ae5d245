import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import { lockRow } from '../../db/lock-row';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { notifyInbox } from '../notification/inbox';
import type { Actor } from '../post/actor';
import { isStaffRole } from '../post/table';
import { activityTypes, recordActivity } from '../reputation';
import type { Viewer } from '../visibility/rule';
import { revisionSubject } from './history';
import { insertRevision, selectRevision } from './repository';
import { refuseWhileSuggested, type RevisionApplier } from './service';
import { parseSnapshot, REVISION_STATUS, SHOWN_STATUSES, type RevisedType, type RevisionRow } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/** An object with revisions as a rollback sees it. */
export interface RevisedObject {
  authorId: number;
  /** The revision it shows now. */
  revisionId: number | null;
  deleted: boolean;
  /** The question it belongs to (a question: itself; a tag: none). */
  questionId?: string;
  /** Its heading in notices (a post's question title, a tag's display name). */
  title: string;
  /** A tag's slug (renaming it is for staff only). */
  slug?: string;
}

/** What the module owning an object type gives the revisions module: a read of the object and its applier. */
export interface RevisedObjects {
  current(db: Executor, objectId: string): Promise<RevisedObject | undefined>;
  /** Puts a revision's snapshot on its object (content, tags, current revision id), in the caller's transaction. */
  apply: RevisionApplier;
}

export type RevisedOwners = Record<RevisedType, RevisedObjects>;

/** Who a rollback would touch: the object's type and author. */
export interface RollbackSubject {
  type: RevisedType;
  objectId: string;
  authorId: number;
}

const NOTICE = { question: 'update_question', answer: 'update_answer' } as const;

/**
 * PUT revisions/rollback: an earlier revision of a question, answer or tag put back as a new applied
 * revision (its snapshot copied), through the owning module's applier, with a `rollback` activity and
 * a notice to the post's author, in one transaction that holds the object's row locked, so that
 * concurrent rollbacks of one object apply one after the other.
 */
export class RevisionRollback {
  readonly #db: Kysely<DB>;
  readonly #owners: RevisedOwners;
  readonly #now: () => number;

  constructor(db: Kysely<DB>, owners: RevisedOwners, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#owners = owners;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The revision to put back, once the viewer may see its object: 404 error.revision.not_found when it
   * does not exist (or is a suggested or rejected edit the viewer, not staff, may not see), 400
   * error.revision.not_applied for a suggested or rejected one, the object's own 404 when hidden.
   */
  async #revision(revisionId: number, viewer: Viewer): Promise<{ row: RevisionRow; type: RevisedType }> {
    const row = await selectRevision(this.#db, revisionId);
    const shown = row !== undefined && SHOWN_STATUSES.includes(Number(row.status));
    if (!row || (!shown && !isStaffRole(viewer.roleId))) throw ApiFailure.notFound('error.revision.not_found');
    await revisionSubject(this.#db, row.object_id, viewer, false);
    if (!shown) throw ApiFailure.badRequest('error.revision.not_applied');
    const type = objectTypeOf(row.object_id) as RevisedType;
    return { row, type };
  }

  /** Whose object a rollback of `revisionId` would change (for the route's permission check). */
  async subject(revisionId: number, viewer: Viewer): Promise<RollbackSubject> {
    const { row, type } = await this.#revision(revisionId, viewer);
    const current = await this.#owners[type].current(this.#db, row.object_id);
    if (!current) throw ApiFailure.notFound('error.revision.not_found');
    return { type, objectId: row.object_id, authorId: current.authorId };
  }

  /** Whether the object's current revision is `old` or a copy of it (what a rollback to `old` made). */
  async #shows(db: Executor, currentId: number, old: RevisionRow): Promise<boolean> {
    if (Number(currentId) === Number(old.id)) return true;
    const current = await selectRevision(db, Number(currentId));
    return current !== undefined && current.content === old.content && current.title === old.title;
  }

  /**
   * Puts revision `revisionId` back for `actor` (the route checked who may): refused while the object
   * is deleted or a suggested edit of it waits (400 error.<type>.cannot_update), and for the revision
   * it shows now or one its current revision copies (400 error.revision.already_current: a second
   * rollback to the same revision, also one sent at the same instant, changes nothing); a tag's slug changes only with `mayRenameSlug`
   * (else 403 error.tag.cannot_edit_slug_name). Returns the new revision's id.
   */
  async rollback(revisionId: number, actor: Actor, reason: string, mayRenameSlug = false): Promise<number> {
    const { row: old, type } = await this.#revision(revisionId, actor);
    const owner = this.#owners[type];
    const typeId = (await activityTypes(this.#db, [`${type}.rollback`])).get(`${type}.rollback`)!;
    const cannot = `error.${type}.cannot_update`;
    return writeTransaction(this.#db, async (trx) => {
      // Two rollbacks of one object at once: the second waits here and reads what the first committed.
      await lockRow(trx, type, old.object_id);
      const now = this.#now();
      const current = await owner.current(trx, old.object_id);
      if (!current) throw ApiFailure.notFound('error.revision.not_found');
      if (current.deleted) throw ApiFailure.badRequest(cannot);
      await refuseWhileSuggested(trx, old.object_id, cannot);
      if (current.revisionId !== null && (await this.#shows(trx, current.revisionId, old)))
        throw ApiFailure.badRequest('error.revision.already_current');
      const slug = parseSnapshot(old.content).slug_name;
      if (current.slug !== undefined && typeof slug === 'string' && slug !== current.slug && !mayRenameSlug)
        throw ApiFailure.forbidden('error.tag.cannot_edit_slug_name');
      const id = await insertRevision(trx, {
        objectType: type,
        objectId: old.object_id,
        userId: actor.userId,
        title: old.title,
        content: old.content,
        log: reason,
        status: REVISION_STATUS.applied,
        now,
      });
      await owner.apply(trx, (await selectRevision(trx, id))!, now);
      await recordActivity(trx, {
        userId: actor.userId,
        objectId: old.object_id,
        ...(type === 'answer' && current.questionId ? { originalObjectId: current.questionId } : {}),
        typeId,
        revisionId: id,
        now,
      });
      if (type !== 'tag') {
        const question = current.questionId ?? old.object_id;
        await notifyInbox(trx, [
          {
            userId: current.authorId,
            triggerUserId: actor.userId,
            action: NOTICE[type],
            object: {
              id: old.object_id,
              type,
              title: current.title,
              map: type === 'answer' ? { question, answer: old.object_id } : { question },
            },
            now,
          },
        ]);
      }
      return id;
    });
  }
}
