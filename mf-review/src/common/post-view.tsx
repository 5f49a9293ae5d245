import type { FlaggedPost } from '@agora/shared-api/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { objectPath } from './object-link';
import { Person } from './person';
import { PostBody } from './post-body';

/** The fields every queue gives about the post a task is on (flags and queued posts alike). */
export type TaskPost = Pick<
  FlaggedPost,
  | 'created_at'
  | 'object_type'
  | 'question_id'
  | 'answer_id'
  | 'title'
  | 'url_title'
  | 'parsed_text'
  | 'tags'
  | 'object_status'
  | 'object_show_status'
  | 'author_user_info'
>;

/** Object status numbers (2 closed, 10 deleted, 11 waiting for review) and list status (2 unlisted). */
const STATUS = { closed: 2, deleted: 10, pending: 11 } as const;
const UNLISTED = 2;

/** The badges a post's state earns: deleted, closed, unlisted, pending review. */
export function statusBadges(post: Pick<TaskPost, 'object_status' | 'object_show_status'>) {
  const badges: ('deleted' | 'closed' | 'unlisted' | 'pending')[] = [];
  if (post.object_status === STATUS.deleted) badges.push('deleted');
  if (post.object_status === STATUS.closed) badges.push('closed');
  if (post.object_status === STATUS.pending) badges.push('pending');
  if (post.object_show_status === UNLISTED) badges.push('unlisted');
  return badges;
}

/**
 * The post in context: its kind, the question's title linking to it (for an answer or a comment, the
 * question it belongs to), its state badges, the rendered body, the author and the tags.
 */
export function PostView({ post }: { post: TaskPost }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const kind = t(`post.kind.${post.object_type}`);
  const badges = statusBadges(post);
  const context =
    post.object_type === 'answer' ? t('post.answer_to') : post.object_type === 'comment' ? t('post.comment_on') : null;
  return (
    <article className="review-post" aria-labelledby={headingId}>
      <header className="review-post__header">
        <span className="review-post__kind">{kind}</span>
        <h3 id={headingId} className="review-post__title">
          {context && <span className="review-muted">{context} </span>}
          <Link to={objectPath(post)}>{post.title}</Link>
        </h3>
        {badges.length > 0 && (
          <ul className="review-badges" aria-label={t('post.statuses')}>
            {badges.map((badge) => (
              <li key={badge} className={`review-badge review-badge--${badge}`}>
                {t(`post.status.${badge}`)}
              </li>
            ))}
          </ul>
        )}
      </header>
      <PostBody html={post.parsed_text} />
      {post.object_type === 'question' && post.tags.length > 0 && (
        <ul className="review-tags" aria-label={t('post.tags')}>
          {post.tags.map((tag) => (
            <li key={tag.slug_name} className="review-tag">
              {tag.display_name || tag.slug_name}
            </li>
          ))}
        </ul>
      )}
      <Person label={t('post.asked_by')} user={post.author_user_info} time={post.created_at} />
    </article>
  );
}
