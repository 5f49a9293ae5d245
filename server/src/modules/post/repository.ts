/** Tables whose rows change state through `changeStatus`. */
export type StatefulTable = 'question' | 'answer' | 'comment' | 'tag';

// Status changes of posts and tags use the one compare-and-set of the database layer.
export { compareAndSet } from '../../db/compare-and-set';
