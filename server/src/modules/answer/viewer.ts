import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { activityTypes } from '../reputation';
import { flaggedByViewer } from '../report/viewer-flags';
import { BOOKMARK, selectViewerMarks } from './repository';

/** The viewer's vote, bookmark and pending flag on one answer (AnswerInfo.vote_status, collected, reported). */
export interface AnswerViewerState {
  voteStatus: '' | 'vote_up' | 'vote_down';
  collected: boolean;
  reported: boolean;
}

export interface AnswerViewerSource {
  /** The states of the given answers for one user; answers the user never touched are left out. */
  states(userId: number, answerIds: readonly string[]): Promise<Map<string, AnswerViewerState>>;
}

/**
 * Reads the states of a page of answers in two queries: the viewer's active `answer.vote_up` /
 * `answer.vote_down` activities (as the vote service writes them) and their bookmarks; their pending flags.
 */
export class DbAnswerViewerSource implements AnswerViewerSource {
  readonly #db: Kysely<DB>;
  #types: Promise<{ up: number; down: number }> | undefined;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Config row ids never change once a site is installed: read once per process. */
  #voteTypes(): Promise<{ up: number; down: number }> {
    this.#types ??= activityTypes(this.#db, ['answer.vote_up', 'answer.vote_down']).then(
      (map) => ({ up: map.get('answer.vote_up')!, down: map.get('answer.vote_down')! }),
      (error: unknown) => {
        this.#types = undefined;
        throw error;
      },
    );
    return this.#types;
  }

  async states(userId: number, answerIds: readonly string[]): Promise<Map<string, AnswerViewerState>> {
    const out = new Map<string, AnswerViewerState>();
    const ids = [...new Set(answerIds)];
    if (ids.length === 0) return out;
    const { up, down } = await this.#voteTypes();
    const [rows, flagged] = await Promise.all([
      selectViewerMarks(this.#db, userId, ids, [up, down]),
      flaggedByViewer(this.#db, userId, ids),
    ]);
    for (const id of flagged) out.set(id, { voteStatus: '', collected: false, reported: true });
    for (const row of rows) {
      const state = out.get(row.object_id) ?? { voteStatus: '', collected: false, reported: false };
      const kind = Number(row.kind);
      if (kind === BOOKMARK) state.collected = true;
      else if (kind === up) state.voteStatus = 'vote_up';
      else if (kind === down && state.voteStatus === '') state.voteStatus = 'vote_down';
      out.set(row.object_id, state);
    }
    return out;
  }
}
