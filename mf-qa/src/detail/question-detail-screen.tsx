import { answerIdOfRoute, answerPath, questionPath, siteInfoQuery, useCurrentUser } from '@agora/shared-api';
import { questionInfoQuery, questionKeys } from '@agora/shared-api/resources/question';
import { ContentWithSidebar, ListPlaceholder } from '@agora/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import '../common/link-button.css';
import '../common/question-list.css';
import { QUESTION_STATUS } from './api';
import { AnswerForm } from './answers/answer-form';
import { AnswerList } from './answers/answer-list';
import './detail.css';
import './answers/answers.css';
import './side/side.css';
import { QuestionView } from './question/question-view';
import { InviteToAnswer } from './side/invite';
import { RelatedQuestions } from './side/related';

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * /questions/{qid}, /questions/{qid}/{slugPermalink}, /questions/{qid}/{slugPermalink}/{aid} and, without a
 * slug, /questions/{qid}/{aid}:
 * the question, its answers (focused on {aid}), the answer form, invitations and related questions.
 */
export default function QuestionDetailScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { qid = '', ...params } = useParams<{ qid: string; slugPermalink?: string; aid?: string }>();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const commentId = useSearchParams()[0].get('commentId') || undefined;
  const site = useSite();
  const siteLoaded = useQuery(siteInfoQuery()).isSuccess;
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const query = useQuery(questionInfoQuery(qid));
  const question = query.data;
  // /questions/{qid}/{aid} (no slug) points at an answer as much as /questions/{qid}/{slug}/{aid} does.
  const aid = question ? answerIdOfRoute(params, question.url_title) : undefined;

  // The canonical address: the permalink setting's form with the current url_title.
  const canonical =
    question && siteLoaded
      ? aid
        ? answerPath(question.id, aid, question.url_title, site.permalink)
        : questionPath(question.id, question.url_title, site.permalink)
      : null;
  useEffect(() => {
    if (!canonical || !question || safeDecode(canonical) === safeDecode(pathname)) return;
    // The question under its canonical id is the one already loaded: no second request (nor view).
    client.setQueryData(questionKeys.detail(question.id), question);
    void navigate(canonical + search + hash, { replace: true });
  }, [canonical, question, client, pathname, search, hash, navigate]);

  useEffect(() => {
    if (!question) return;
    document.title = site.name ? t('detail.page_title', { title: question.title, site: site.name }) : question.title;
  }, [question, site.name, t]);

  const canAccept =
    !!user &&
    !!question &&
    // The asker, or staff (admins and moderators hold answer.accept).
    (user.id === question.user_info.id || user.role_id === 2 || user.role_id === 3) &&
    question.status !== QUESTION_STATUS.deleted;
  const invites = question?.extends_actions?.some((a) => a.action === 'invite_other_to_answer') ?? false;
  const questionPathNow = question ? questionPath(question.id, question.url_title, site.permalink) : '';

  // No antd on this page until a member acts: dialogs, menus and the answer form load it on demand.
  return (
    <div className="qa-page qa-detail">
      <ContentWithSidebar
        sidebarLabel={t('detail.sidebar')}
        sidebar={question ? <RelatedQuestions questionId={question.id} permalink={site.permalink} /> : null}
      >
        {query.isPending ? (
          <ListPlaceholder rows={3} />
        ) : !question ? (
          // A 404 shows the shell's 404 page (allow404); anything else says so here.
          <p role="alert" className="qa-muted">
            {t('detail.load_failed')}
          </p>
        ) : (
          <>
            <QuestionView
              question={question}
              path={questionPathNow}
              timeZone={site.timeZone}
              commentId={aid ? undefined : commentId}
            />
            {invites && <InviteToAnswer questionId={question.id} />}
            <AnswerList
              question={question}
              focusId={aid}
              commentId={commentId}
              canAccept={canAccept}
              permalink={site.permalink}
              timeZone={site.timeZone}
            />
            <AnswerForm question={question} />
          </>
        )}
      </ContentWithSidebar>
    </div>
  );
}
