import { lazy } from 'react';
import { ReviewQueue } from '../common/review-queue';

// Each kind's panel is a chunk of its own: the word-diff library comes only with suggested edits, the
// editor only when a flag's post is edited.
const panels = {
  suggested_post_edit: lazy(() => import('../edits/suggested-edits')),
  flagged_post: lazy(() => import('../flags/flagged-posts')),
  queued_post: lazy(() => import('../queued/queued-posts')),
};

/** /review: the review queue. */
export default function ReviewScreen() {
  return <ReviewQueue panels={panels} />;
}
