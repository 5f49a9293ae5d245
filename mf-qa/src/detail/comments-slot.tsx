// TODO(comments): mount helper C's `Comments` (mf-qa/src/comments/index.ts) here once it lands:
//   export { Comments } from '../comments';
// Until then nothing is shown: no fake comments.
export interface CommentsSlotProps {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
}

export function Comments(_props: CommentsSlotProps) {
  return null;
}
