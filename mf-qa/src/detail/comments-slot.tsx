import type { Comment } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Comments } from '../comments';
import { NAMESPACE } from '../namespace';
import { ReasonDialog } from './actions/dialogs';

export interface PostCommentsProps {
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  /** A comment a link points at (?commentId=). */
  highlightCommentId?: string;
}

/** The comments of a post (the comments area's component), with this page's flag dialog for a comment. */
export function PostComments(props: PostCommentsProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [reported, setReported] = useState<Comment | null>(null);
  return (
    <>
      <Comments {...props} onReport={setReported} />
      {reported && (
        <ReasonDialog
          kind="report"
          objectType="comment"
          objectId={reported.comment_id}
          onClose={() => setReported(null)}
          onDone={() => {
            setReported(null);
            toast.success(t('detail.toast.flagged'));
          }}
        />
      )}
    </>
  );
}
