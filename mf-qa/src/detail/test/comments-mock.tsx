// The comments area stands in with a marker: the detail tests check where and how it is mounted.
import type { CommentsProps } from '../../comments';

export function Comments({ objectId, objectType, questionId, highlightCommentId, onReport }: CommentsProps) {
  return (
    <div
      data-testid="comments"
      data-object-id={objectId}
      data-object-type={objectType}
      data-question-id={questionId}
      data-highlight={highlightCommentId ?? ''}
    >
      <button
        type="button"
        onClick={() =>
          onReport?.({ comment_id: `c-${objectId}` } as Parameters<NonNullable<CommentsProps['onReport']>>[0])
        }
      >
        Flag comment of {objectId}
      </button>
    </div>
  );
}
