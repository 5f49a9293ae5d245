import { api, isApiError, paths, useLoginState } from '@agora/shared-api';
import type { AnswerPage, AnswerWithQuestion } from '@agora/shared-api/contract';
import { Button } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { useLeaveWarning } from '../../questions/common/leave-warning';
import { actionRecord, detailKeys, QUESTION_STATUS, type QuestionInfo } from '../api';
import { Editor, renderMarkdown, uploadImage } from '../editor';
import { readAnswerParams } from './answer-list';

/** SPEC §5/§9: an answer has at least 6 characters. */
export const ANSWER_MIN_LENGTH = 6;

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

function WriteAnswer({ question, labelId }: { question: QuestionInfo; labelId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const [search] = useSearchParams();
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const ids = { editor: useId(), error: useId() };
  useLeaveWarning(content.trim().length > 0);

  // The server may ask for a captcha first (answer-api.md §1.5, action 'answer').
  const gate = useCaptchaGate('answer', { load: actionRecord });
  const post = useMutation({
    mutationFn: () =>
      gate.run((captcha) => api.post<AnswerWithQuestion>('answer', { question_id: question.id, content, ...captcha })),
    onSuccess: async (outcome) => {
      // Captcha dialog cancelled: nothing was sent, the text stays.
      if (!outcome.done) return;
      const { info } = outcome.value;
      setContent('');
      setError('');
      // The new answer shows at once at the end of the page being read; counts come back with the question.
      const { order, page } = readAnswerParams(search);
      client.setQueryData<AnswerPage>(detailKeys.answerPage(question.id, order, page), (old) =>
        old && !old.list.some((a) => a.id === info.id) ? { count: old.count + 1, list: [...old.list, info] } : old,
      );
      await client.invalidateQueries({ queryKey: detailKeys.question(question.id) });
      document.getElementById(`answer-${info.id}`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    },
    onError: (failure) => {
      if (!isApiError(failure)) return;
      const fields = failure.fieldMap();
      if (fields.content) setError(fields.content);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const length = content.trim().length;
    if (length === 0) setError(t('detail.form.empty'));
    else if (length < ANSWER_MIN_LENGTH) setError(t('detail.form.too_short', { min: ANSWER_MIN_LENGTH }));
    else post.mutate();
  };

  // The dialog stays outside the form: React events bubble through portals, and its submit is not this one.
  return (
    <>
      <form className="qa-answer-form__form" onSubmit={submit} noValidate>
        <Editor
          id={ids.editor}
          value={content}
          onChange={(value) => {
            setContent(value);
            if (error) setError('');
          }}
          render={renderMarkdown}
          upload={uploadImage}
          placeholder={t('detail.form.placeholder')}
          aria-labelledby={labelId}
          aria-describedby={error ? ids.error : undefined}
          status={error ? 'error' : undefined}
          height={240}
        />
        {error && (
          <p id={ids.error} className="qa-field-error" role="alert">
            {error}
          </p>
        )}
        <Button type="primary" htmlType="submit" loading={post.isPending}>
          {t('detail.form.submit')}
        </Button>
      </form>
      {gate.dialog}
    </>
  );
}
