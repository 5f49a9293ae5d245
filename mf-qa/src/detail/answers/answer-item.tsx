import { answerPath, type Permalink } from '@agora/shared-api';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { PostActions } from '../actions/post-actions';
import { ACCEPTED, ANSWER_STATUS, patchAnswer, QUESTION_STATUS, type AnswerInfo, type QuestionInfo } from '../api';
import { useAcceptAnswer } from '../api/writes';
import { PostComments } from '../comments-slot';
import { PostBody } from '../../common/editor';
import { AuthorCard } from '../question/author-card';
import { CheckIcon } from '../question/icons';
import { Votes } from '../question/votes';
import { ShareMenu } from '../share/share-menu';

export interface AnswerItemProps {
  answer: AnswerInfo;
  question: QuestionInfo;
  /** The viewer asked the question (or may accept for others): accept/unaccept buttons. */
  canAccept: boolean;
  permalink: Permalink;
  timeZone: string;
  highlighted: boolean;
  /** A comment of this answer a link points at (?commentId=). */
  commentId?: string;
}

/** One answer: votes, accepted mark or accept button, body, actions, author and time, comments. */
export const AnswerItem = forwardRef<HTMLElement, AnswerItemProps>(function AnswerItem(
  { answer, question, canAccept, permalink, timeZone, highlighted, commentId },
  ref,
) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const accepted = answer.accepted === ACCEPTED;
  const deleted = answer.status === ANSWER_STATUS.deleted;
  const path = answerPath(question.id, answer.id, question.url_title, permalink);
  const author = answer.user_info;

  const accept = useAcceptAnswer(question.id);

  const showAccept = canAccept && !deleted && question.status !== QUESTION_STATUS.deleted;
  const edited = answer.update_user_info?.username && answer.update_time > answer.create_time;

  return (
    <article
      ref={ref}
      id={`answer-${answer.id}`}
      tabIndex={-1}
      className={[
        'qa-answer',
        accepted ? 'qa-answer--accepted' : '',
        deleted ? 'qa-answer--deleted' : '',
        highlighted ? 'qa-answer--highlighted' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      aria-label={t('detail.author.answered_by') + ' ' + (author?.display_name || author?.username || '')}
      data-answer-id={answer.id}
    >
      {(accepted || deleted) && (
        <div className="qa-answer__badges">
          {accepted && (
            <span className="qa-badge qa-badge--accepted">
              <CheckIcon />
              {t('detail.answers.accepted')}
            </span>
          )}
          {deleted && <span className="qa-badge qa-badge--deleted">{t('detail.answers.deleted')}</span>}
        </div>
      )}
      <div className="qa-post">
        <div className="qa-post__side">
          <Votes
            objectId={answer.id}
            count={answer.vote_count}
            status={answer.vote_status}
            onChange={(next) => patchAnswer(client, question.id, answer.id, next)}
          />
          {showAccept && (
            <button
              type="button"
              className={`qa-icon-btn qa-accept${accepted ? ' qa-accept--on' : ''}`}
              aria-pressed={accepted}
              aria-label={t(accepted ? 'detail.answers.unaccept_label' : 'detail.answers.accept_label')}
              aria-busy={accept.isPending || undefined}
              onClick={() => !accept.isPending && accept.mutate(accepted ? '' : answer.id)}
            >
              <CheckIcon />
              <span className="qa-accept__text" aria-hidden="true">
                {t(accepted ? 'detail.answers.unaccept' : 'detail.answers.accept')}
              </span>
            </button>
          )}
        </div>
        <div className="qa-post__main">
          <PostBody html={answer.html} className="qa-post__body" />
          <div className="qa-post__foot">
            <PostActions
              objectType="answer"
              objectId={answer.id}
              questionId={question.id}
              memberActions={answer.member_actions}
              reported={answer.reported ?? false}
              hasAccepted={accepted}
            >
              <li>
                <ShareMenu path={path} title={question.title} />
              </li>
              <li>
                <Link className="qa-link-btn" to={path} aria-label={t('detail.answers.permalink')}>
                  #
                </Link>
              </li>
            </PostActions>
            <div className="qa-post__people">
              {edited && (
                <AuthorCard
                  user={answer.update_user_info}
                  action={t('detail.author.edited')}
                  time={answer.update_time}
                  timeZone={timeZone}
                />
              )}
              <AuthorCard
                user={author}
                action={t('detail.author.answered')}
                time={answer.create_time}
                timeZone={timeZone}
              />
            </div>
          </div>
          <PostComments
            objectId={answer.id}
            objectType="answer"
            questionId={question.id}
            highlightCommentId={commentId}
          />
        </div>
      </div>
    </article>
  );
});
