import { paths, useLoginState } from '@agora/shared-api';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { onDemand } from '../../common/on-demand';
import { QUESTION_STATUS, type QuestionInfo } from '../api';
import { EditorLoading } from '../../common/editor-loading';

/** An answer has at least 6 characters. */
export const ANSWER_MIN_LENGTH = 6;

// The form (antd, the editor) is fetched for members only; visitors get the prompt without it.
const WriteAnswer = onDemand(() => import('./write-answer').then((m) => m.WriteAnswer), <EditorLoading height={240} />);

/** The write-answer form under the answers; a notice on closed or deleted questions, a prompt for visitors. */
export function AnswerForm({ question }: { question: QuestionInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const { logged } = useLoginState();
  const headingId = useId();
  const closed = question.status === QUESTION_STATUS.closed;
  const deleted = question.status === QUESTION_STATUS.deleted;

  let body;
  if (closed || deleted) {
    body = (
      <p className="qa-notice" role="note">
        {t(closed ? 'detail.form.closed' : 'detail.form.deleted')}
      </p>
    );
  } else if (!logged) {
    body = (
      <p className="qa-notice">
        {t('detail.form.login')} <Link to={paths.login()}>{t('detail.form.login_link')}</Link>
        {' · '}
        <Link to={paths.register()}>{t('detail.form.register_link')}</Link>
      </p>
    );
  } else {
    body = <WriteAnswer question={question} labelId={headingId} />;
  }

  return (
    <section className="qa-answer-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="qa-section-title">
        {t('detail.form.heading')}
      </h2>
      {body}
    </section>
  );
}
