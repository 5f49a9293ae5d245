import { isApiError } from '@agora/shared-api';
import { useLeaveGuard } from '@agora/shared-ui';
import { AntdProvider, Button } from '@agora/shared-ui/antd';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { draftKeys, useDraft } from '../../common/draft';
import { DraftNotice } from '../../common/draft-notice';
import { NAMESPACE } from '../../namespace';
import { actionRecord, type QuestionInfo } from '../api';
import { useAddAnswer } from '../api/writes';
import { Editor, renderMarkdown, uploadImage } from '../../common/editor';
import { useSite } from '../../common/site';
import { ANSWER_MIN_LENGTH } from './answer-form';
import { readAnswerParams } from './answer-list';

/** The answer editor and its button (antd), loaded for logged-in members only. */
export function WriteAnswer({ question, labelId }: { question: QuestionInfo; labelId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { attachments } = useSite();
  const [search] = useSearchParams();
  // Kept locally like the ask form's (3 s debounce, 7 days), one per question; back when the member returns.
  const draft = useDraft<string>(draftKeys.newAnswer(question.id));
  const [content, setContent] = useState(() => draft.restored?.value ?? '');
  const [restored, setRestored] = useState(!!draft.restored);
  const [error, setError] = useState('');
  const ids = { editor: useId(), error: useId() };
  useLeaveGuard(content.trim().length > 0);

  // The server may ask for a captcha first (action 'answer').
  const gate = useCaptchaGate('answer', { load: actionRecord });
  const post = useAddAnswer(question.id, gate, {
    onAdded: () => {
      draft.clear();
      setRestored(false);
      setContent('');
      setError('');
    },
    onShown: (info) =>
      document.getElementById(`answer-${info.id}`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }),
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
    else post.mutate({ content, ...readAnswerParams(search) });
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
          attach={attachments}
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
