import { useRequireLogin } from '@agora/shared-api';
import { formatCount, RelativeTime } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { PostActions } from '../actions/post-actions';
import { hasId, patchQuestion, PINNED, QUESTION_STATUS, UNLISTED, type QuestionInfo } from '../api';
import { useBookmarkQuestion, useFollowQuestion } from '../api/writes';
import { PostComments } from '../comments-slot';
import { PostBody } from '../../common/editor';
import { ShareMenu } from '../share/share-menu';
import { AuthorCard } from './author-card';
import { BookmarkIcon } from './icons';
import { Votes } from './votes';
import { TagLinks } from '../../common/tag-links';

export interface QuestionViewProps {
  question: QuestionInfo;
  /** The question's canonical path (share link). */
  path: string;
  timeZone: string;
  /** A comment of the question a link points at (?commentId=). */
  commentId?: string;
}

/** The question: title, badges, the close/delete alert, tags, body, stats, author, votes and actions. */
export function QuestionView({ question, path, timeZone, commentId }: QuestionViewProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const count = (key: string, value: number) => t(key, { count: value, value: formatCount(value, i18n.language) });
  const closed = question.status === QUESTION_STATUS.closed;
  const deleted = question.status === QUESTION_STATUS.deleted;

  const bookmark = useBookmarkQuestion(question);
  const follow = useFollowQuestion(question);

  const edited = question.edit_time > 0 && question.update_user_info?.username;

  return (
    <article className="qa-question" aria-labelledby="qa-question-title">
      <header className="qa-question__head">
        <h1 id="qa-question-title" className="qa-question__title">
          {question.title}
        </h1>
        <div className="qa-question__badges">
          {question.pin === PINNED && <span className="qa-badge qa-badge--pinned">{t('detail.badges.pinned')}</span>}
          {closed && <span className="qa-badge qa-badge--closed">{t('detail.badges.closed')}</span>}
          {deleted && <span className="qa-badge qa-badge--deleted">{t('detail.badges.deleted')}</span>}
          {question.show === UNLISTED && (
            <span className="qa-badge qa-badge--unlisted">{t('detail.badges.unlisted')}</span>
          )}
        </div>
        <ul className="qa-question__stats" aria-label={t('detail.stats.label')}>
          <li>
            {t('detail.stats.asked')} <RelativeTime time={question.create_time} timeZone={timeZone} />
          </li>
          {question.update_time > question.create_time && (
            <li>
              {t('detail.stats.modified')} <RelativeTime time={question.update_time} timeZone={timeZone} />
            </li>
          )}
          <li>{count('detail.stats.views', question.view_count)}</li>
          <li>{count('detail.stats.followers', question.follow_count)}</li>
        </ul>
      </header>

      {(closed || deleted) && (
        <div className={`qa-alert qa-alert--${closed ? 'closed' : 'deleted'}`} role="note">
          <p className="qa-alert__title">{t(closed ? 'detail.alert.closed' : 'detail.alert.deleted')}</p>
          {question.operation?.description && <p>{question.operation.description}</p>}
          {question.operation?.msg && <p>{t('detail.alert.reason', { reason: question.operation.msg })}</p>}
        </div>
      )}

      <div className="qa-post">
        <div className="qa-post__side">
          <Votes
            objectId={question.id}
            count={question.vote_count}
            status={question.vote_status}
            onChange={(next) => patchQuestion(client, question.id, next)}
          />
          <button
            type="button"
            className="qa-icon-btn qa-bookmark"
            aria-label={t('detail.bookmark.label')}
            aria-pressed={question.collected}
            aria-busy={bookmark.isPending || undefined}
            onClick={() => !bookmark.isPending && requireLogin() && bookmark.mutate()}
          >
            <BookmarkIcon filled={question.collected} />
          </button>
          <span className="qa-bookmark__count">
            <span aria-hidden="true">{formatCount(question.collection_count, i18n.language)}</span>
            <span className="qa-visually-hidden">
              {t('detail.bookmark.count', { count: question.collection_count })}
            </span>
          </span>
        </div>
        <div className="qa-post__main">
          <PostBody html={question.html} className="qa-post__body" />
          <TagLinks tags={question.tags} label={t('detail.tags')} />
          <div className="qa-post__foot">
            <PostActions
              objectType="question"
              objectId={question.id}
              questionId={question.id}
              memberActions={question.member_actions}
              reported={question.reported ?? false}
              answerCount={question.answer_count}
              hasAccepted={hasId(question.accepted_answer_id)}
            >
              <li>
                <ShareMenu path={path} title={question.title} />
              </li>
              <li>
                <button
                  type="button"
                  className="qa-link-btn"
                  aria-pressed={question.is_followed}
                  aria-busy={follow.isPending || undefined}
                  onClick={() => !follow.isPending && requireLogin() && follow.mutate()}
                >
                  {t(question.is_followed ? 'detail.follow.following' : 'detail.follow.follow')}
                </button>
              </li>
            </PostActions>
            <div className="qa-post__people">
              {edited && (
                <AuthorCard
                  user={question.update_user_info}
                  action={t('detail.author.edited')}
                  time={question.edit_time}
                  timeZone={timeZone}
                />
              )}
              <AuthorCard
                user={question.user_info}
                action={t('detail.author.asked')}
                time={question.create_time}
                timeZone={timeZone}
              />
            </div>
          </div>
          <PostComments
            objectId={question.id}
            objectType="question"
            questionId={question.id}
            highlightCommentId={commentId}
          />
        </div>
      </div>
    </article>
  );
}
