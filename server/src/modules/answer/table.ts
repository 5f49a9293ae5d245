import type { Selectable } from 'kysely';
import type { AnswerTable } from '../../db/schema';

export { ADOPTED, ANSWER_STATUS } from '../post/table';

export type AnswerRow = Selectable<AnswerTable>;

/** The shortest answer (characters of the trimmed markdown). */
export const ANSWER_MIN_LENGTH = 6;
