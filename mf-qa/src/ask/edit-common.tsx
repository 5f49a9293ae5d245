import { isApiError, questionPath, type Permalink } from '@agora/shared-api';
import { editCheckQuery } from '@agora/shared-api/resources/revision';
import { Alert } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../namespace';

/**
 * GET revisions/edit/check?id before editing . A refusal (400, e.g. review_underway with
 * err_type toast: the shell shows the server's message as a toast) sends the user back to the question.
 */
export function useEditCheck(postId: string, questionId: string, permalink: Permalink) {
  const navigate = useNavigate();
  const check = useQuery(editCheckQuery(postId));
  const refused = check.isError && isApiError(check.error) && check.error.status === 400;
  useEffect(() => {
    if (refused) void navigate(questionPath(questionId, undefined, permalink), { replace: true });
  }, [refused, navigate, questionId, permalink]);
  return { allowed: check.isSuccess, failed: check.isError && !refused };
}

/** After an edit stored as a suggestion (wait_for_review): 'Your revision will show after review'. */
export function ReviewNotice({ backTo }: { backTo: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="qa-ask-review">
      <Alert type="success" showIcon role="status" title={t('ask.edit.wait_for_review')} />
      <Link to={backTo}>{t('ask.edit.back_to_question')}</Link>
    </div>
  );
}

export function LoadFailed() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p role="alert" className="qa-ask-muted">
      {t('ask.edit.load_failed')}
    </p>
  );
}
