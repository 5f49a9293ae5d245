import type { Kysely, Transaction } from 'kysely';
import { objectTypeOf } from '../../db/ids';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { ApiFailure } from '../../lib/api-failure';
import { findVisibleTag, requireVisible, type Viewer } from '../visibility/rule';
import { RevisionHistory } from './history';
import {
  insertRevision,
  reviewRevision,
  selectRevision,
  selectRevisionContent,
  selectShownBefore,
  selectSuggestedId,
  type NewRevision,
} from './repository';
import { parseSnapshot, REVISION_STATUS, type RevisedType, type RevisionRow, type RevisionSnapshot } from './table';

type Executor = Kysely<DB> | Transaction<DB>;

/** A revision to write: whose object, by whom, its heading, snapshot and edit summary. */
export interface RevisionDraft {
  objectType: RevisedType;
  objectId: string;
  userId: number;
  title: string;
  snapshot: RevisionSnapshot;
  log?: string;
}

/**
 * Puts a revision's snapshot on its object (the post or tag row, its links and counters, the activity
 * of the edit), inside the transaction that applies it. Each module that has revisions owns its own.
 */
export type RevisionApplier = (trx: Transaction<DB>, revision: RevisionRow, now: number) => Promise<void>;

/** Before and after of an edit, for a diff: title, tags and body (markdown). */
export interface DiffSide {
  title: string;
  tags: unknown[];
  body: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function diffSide(row: RevisionRow | undefined): DiffSide {
  if (!row) return { title: '', tags: [], body: '' };
  const snapshot = parseSnapshot(row.content);
  return {
    title: text(snapshot.title) || text(snapshot.display_name) || row.title,
    tags: Array.isArray(snapshot.tags) ? (snapshot.tags as unknown[]) : [],
    body: text(snapshot.original_text),
  };
}

function newRevision(draft: RevisionDraft, status: number, now: number): NewRevision {
  return {
    objectType: draft.objectType,
    objectId: draft.objectId,
    userId: draft.userId,
    title: draft.title,
    content: JSON.stringify(draft.snapshot),
    log: draft.log ?? '',
    status,
    now,
  };
}

/** Writes the first revision of an object being created (status created), in its transaction: its id. */
export function writeCreation(trx: Transaction<DB>, draft: RevisionDraft, now: number): Promise<number> {
  return insertRevision(trx, newRevision(draft, REVISION_STATUS.created, now));
}

/**
 * Writes an edit in the caller's transaction: applied at once (`applyNow`: status applied, then `apply`
 * puts it on the object) or stored as a suggested edit waiting for review (nothing visible changes).
 * Returns the revision's id.
 */
export async function writeEdit(
  trx: Transaction<DB>,
  draft: RevisionDraft,
  options: { applyNow: boolean; apply: RevisionApplier },
  now: number,
): Promise<number> {
  const status = options.applyNow ? REVISION_STATUS.applied : REVISION_STATUS.suggested;
  const id = await insertRevision(trx, newRevision(draft, status, now));
  if (options.applyNow) {
    const row = await selectRevision(trx, id);
    await options.apply(trx, row!, now);
  }
  return id;
}

/** What a review of a suggested edit that no longer waits answers (it lost to another review). */
export const alreadyReviewed = () => ApiFailure.badRequest('error.review.already_reviewed');

/** The snapshot of a revision (its stored JSON), if the revision exists. */
export function revisionContent(db: Executor, id: number): Promise<string | undefined> {
  return selectRevisionContent(db, id);
}

/** Whether a suggested edit of the object waits for review. */
export async function hasSuggestedEdit(db: Executor, objectId: string): Promise<boolean> {
  return (await selectSuggestedId(db, objectId)) !== undefined;
}

/** Refuses (400 `reason`) to edit an object while a suggested edit of it waits for review. */
export async function refuseWhileSuggested(db: Executor, objectId: string, reason: string): Promise<void> {
  if (await hasSuggestedEdit(db, objectId)) throw ApiFailure.badRequest(reason);
}

/**
 * The revisions of questions, answers and tags: written by the modules that own those objects
 * (`writeCreation`, `writeEdit`), reviewed here (`approve`, `reject`), read here (histories in
 * RevisionHistory, `diffInput`).
 */
export class RevisionService {
  readonly #db: Kysely<DB>;
  readonly #now: () => number;
  /** Histories (GET revisions). */
  readonly history: RevisionHistory;

  constructor(db: Kysely<DB>, options: { now?: () => number } = {}) {
    this.#db = db;
    this.#now = options.now ?? Date.now;
    this.history = new RevisionHistory(db);
  }

  /** Whether a suggested edit of the object waits for review. */
  pending(objectId: string): Promise<boolean> {
    return hasSuggestedEdit(this.#db, objectId);
  }

  /**
   * What an edit of `id` would change, once `viewer` may see it: a question or answer (with its author;
   * a hidden one is its 404), or an available tag; anything else is 400 error.object.not_found.
   */
  async editTarget(id: string, viewer: Viewer): Promise<{ type: RevisedType; ownerId?: number }> {
    const type = objectTypeOf(id);
    if (type === 'question' || type === 'answer') {
      const found = await requireVisible(this.#db, id, viewer, { types: [type] });
      return { type, ownerId: found.type === 'answer' ? found.answer.user_id : found.question.user_id };
    }
    if (type === 'tag' && (await findVisibleTag(this.#db, id, false))) return { type };
    throw ApiFailure.badRequest('error.object.not_found');
  }

  /** A revision by id, else 404 error.object.not_found. */
  async one(id: number): Promise<RevisionRow> {
    const row = await selectRevision(this.#db, id);
    if (!row) throw ApiFailure.notFound('error.object.not_found');
    return row;
  }

  /**
   * Approves a suggested edit: it becomes applied (reviewed by `reviewerId`) and `apply` puts it on
   * its object, in one transaction. 400 error.review.already_reviewed when it no longer waits for review.
   */
  async approve(id: number, reviewerId: number, apply: RevisionApplier): Promise<void> {
    await writeTransaction(this.#db, async (trx) => {
      const now = this.#now();
      if (!(await reviewRevision(trx, id, REVISION_STATUS.applied, reviewerId, now))) throw alreadyReviewed();
      await apply(trx, (await selectRevision(trx, id))!, now);
    });
  }

  /** Rejects a suggested edit (reviewed by `reviewerId`); the object stays as it is. */
  async reject(id: number, reviewerId: number): Promise<void> {
    await writeTransaction(this.#db, async (trx) => {
      if (!(await reviewRevision(trx, id, REVISION_STATUS.rejected, reviewerId, this.#now()))) throw alreadyReviewed();
    });
  }

  /**
   * What a diff of a revision compares: the object as the shown revision before it left it, and as
   * this one has it (title, tags, body).
   */
  async diffInput(id: number): Promise<{ revision: RevisionRow; before: DiffSide; after: DiffSide }> {
    const revision = await this.one(id);
    const before = await selectShownBefore(this.#db, revision);
    return { revision, before: diffSide(before), after: diffSide(revision) };
  }
}
