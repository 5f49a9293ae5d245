import { api, isApiError } from '@agora/shared-api';
import type { AnswerPage, AnswerWithQuestion } from '@agora/shared-api/contract';
import { useLeaveGuard } from '@agora/shared-ui';
import { AntdProvider, Button } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { draftKeys, useDraft } from '../../ask/draft';
import { DraftNotice } from '../../ask/draft-notice';
import { NAMESPACE } from '../../namespace';
import { actionRecord, detailKeys, type QuestionInfo } from '../api';
import { Editor, renderMarkdown, uploadImage } from '../editor';
import { ANSWER_MIN_LENGTH } from './answer-form';
import { readAnswerParams } from './answer-list';

/** The answer editor and its button (antd), loaded for logged-in members only. */
export function WriteAnswer({ question, labelId }: { question: QuestionInfo; labelId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const [search] = useSearchParams();
  // Kept locally like the ask form's (3 s debounce, 7 days), one per question; back when the member returns.
  const draft = useDraft<string>(draftKeys.newAnswer(question.id));
  const [content, setContent] = useState(() => draft.restored?.value ?? '');
  const [restored, setRestored] = useState(!!draft.restored);
  const [error, setError] = useState('');
  const ids = { editor: useId(), error: useId() };
  useLeaveGuard(content.trim().length > 0);

  // The server may ask for a captcha first (answer-api.md §1.5, action 'answer').
  const gate = useCaptchaGate('answer', { load: actionRecord });
  const post = useMutation({
    mutationFn: () =>
      gate.run((captcha) => api.post<AnswerWithQuestion>('answer', { question_id: question.id, content, ...captcha })),
    onSuccess: async (outcome) => {
      // Captcha dialog cancelled: nothing was sent, the text stays.
      if (!outcome.done) return;
      const { info } = outcome.value;
      draft.clear();
      setRestored(false);
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
    <AntdProvider>
      {restored && (
        <DraftNotice
          onDiscard={() => {
            draft.clear();
            setRestored(false);
            setContent('');
          }}
        />
      )}
      <form className="qa-answer-form__form" onSubmit={submit} noValidate>
        <Editor
          id={ids.editor}
          value={content}
          onChange={(value) => {
            setContent(value);
            draft.schedule(value, value.trim() === '');
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
    </AntdProvider>
  );
}
