import { paths } from '@agora/shared-api';
import { Button, formatCount, RelativeTime, revealExternalImage, useExternalImageGate } from '@agora/shared-ui';
import { forwardRef, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import type { Comment } from './api';

export interface CommentItemProps {
  comment: Comment;
  timeZone: string;
  highlighted: boolean;
  votePending: boolean;
  onVote(): void;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
  /** Present when the page offers reporting; the Report action shows only then. */
  onReport?(): void;
  /** The inline editor, in place of the text while editing. */
  editor?: ReactNode;
  /** The reply form, under the comment. */
  children?: ReactNode;
}

const has = (comment: Comment, action: string) => comment.member_actions.some((a) => a.action === action);

function UserName({ username, name, status }: { username: string; name: string; status: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (!username || status === 'deleted') return <span>{t('comments.item.deleted_user')}</span>;
  return (
    <Link className="qa-comment__user" to={paths.user(username)}>
      {name || username}
    </Link>
  );
}

/** One comment: votes, the server's HTML, author, the person replied to, time and actions. */
export const CommentItem = forwardRef<HTMLLIElement, CommentItemProps>(function CommentItem(
  { comment, timeZone, highlighted, votePending, onVote, onReply, onEdit, onDelete, onReport, editor, children },
  ref,
) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const gate = useExternalImageGate(useSite().externalImages);
  const text = useMemo(() => gate(comment.parsed_text), [gate, comment.parsed_text]);
  const votes = comment.vote_count;
  return (
    <li
      ref={ref}
      id={`comment-${comment.comment_id}`}
      tabIndex={-1}
      className={`qa-comment${highlighted ? ' qa-comment--highlight' : ''}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      <div className="qa-comment__vote">
        <button
          type="button"
          className={`qa-comment__vote-button${comment.is_vote ? ' qa-comment__vote-button--on' : ''}`}
          aria-pressed={comment.is_vote}
          aria-busy={votePending || undefined}
          title={t('comments.item.vote')}
          onClick={() => !votePending && onVote()}
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M8 3 14 11H2z" fill="currentColor" />
          </svg>
          <span className="qa-sr-only">{t('comments.item.vote')}</span>
        </button>
        {votes !== 0 && (
          <span className="qa-comment__votes">
            <span aria-hidden="true">{formatCount(votes, i18n.language)}</span>
            <span className="qa-sr-only">{t('comments.item.votes', { count: votes })}</span>
          </span>
        )}
      </div>
      <div className="qa-comment__main">
        {editor ?? (
          <div className="qa-comment__content">
            {/* parsed_text is HTML the server rendered from markdown and sanitized;
                foreign images wait behind a "Show image" button when the site asks first. */}
            <span
              className="qa-comment__text"
              onClick={revealExternalImage}
              dangerouslySetInnerHTML={{ __html: text }}
            />
            <span className="qa-comment__meta">
              <span aria-hidden="true"> – </span>
              <UserName username={comment.username} name={comment.user_display_name} status={comment.user_status} />
              {comment.reply_comment_id && (
                <>
                  {' '}
                  <span className="qa-comment__reply-to">{t('comments.item.reply_to')}</span>{' '}
                  <UserName
                    username={comment.reply_username}
                    name={comment.reply_user_display_name}
                    status={comment.reply_user_status}
                  />
                </>
              )}{' '}
              <RelativeTime className="qa-comment__time" time={comment.created_at} timeZone={timeZone} />
            </span>
            <span className="qa-comment__actions" role="group" aria-label={t('comments.item.actions')}>
              <Button variant="link" size="small" onClick={onReply}>
                {t('comments.item.reply')}
              </Button>
              {has(comment, 'edit') && (
                <Button variant="link" size="small" onClick={onEdit}>
                  {t('comments.item.edit')}
                </Button>
              )}
              {has(comment, 'delete') && (
                <Button variant="link" size="small" onClick={onDelete}>
                  {t('comments.item.delete')}
                </Button>
              )}
              {has(comment, 'report') && onReport && (
                <Button variant="link" size="small" onClick={onReport}>
                  {t('comments.item.report')}
                </Button>
              )}
            </span>
          </div>
        )}
        {children}
      </div>
    </li>
  );
});
