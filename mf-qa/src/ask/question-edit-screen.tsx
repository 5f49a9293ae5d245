import { questionPath } from '@agora/shared-api';
import { questionToEditQuery } from '@agora/shared-api/resources/question';
import type { CaptchaAnswer, QuestionEditResult } from '@agora/shared-api/contract';
import { AntdProvider, Spin } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import { askApi } from './api';
import '../common/post-form.css';
import { draftKeys } from '../common/draft';
import { LoadFailed, ReviewNotice, useEditCheck } from './edit-common';
import { FormPage } from '../common/form-page';
import { emptyQuestion, QuestionForm, tagInputs, type QuestionValues } from './question-form';
import { useWriteRules } from './write-rules';

/** `/posts/{qid}/edit`: the ask form in edit mode, with an edit summary. */
export default function QuestionEditScreen() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const { qid = '' } = useParams();
  const site = useSite();
  const { ready, rules } = useWriteRules('edit');
  const check = useEditCheck(qid, qid, site.permalink);
  const question = useQuery({ ...questionToEditQuery(qid), enabled: check.allowed });
  const [reviewed, setReviewed] = useState(false);

  useEffect(() => {
    document.title = site.name ? `${t('ask.edit.question_title')} - ${site.name}` : t('ask.edit.question_title');
  }, [t, site.name]);

  const info = question.data;
  const baseline = useMemo<QuestionValues | null>(
    () =>
      info
        ? {
            ...emptyQuestion(
              info.tags.map((tag) => ({
                slug_name: tag.slug_name,
                display_name: tag.display_name,
                reserved: tag.reserved,
                recommend: tag.recommend,
              })),
            ),
            title: info.title,
            content: info.content,
          }
        : null,
    [info],
  );
  const questionHref = questionPath(info?.id ?? qid, info?.url_title, site.permalink);

  const send = useCallback(
    (values: QuestionValues, captcha: CaptchaAnswer) =>
      askApi.editQuestion({
        id: qid,
        title: values.title.trim(),
        content: values.content,
        tags: tagInputs(values.tags),
        edit_summary: values.edit_summary?.trim() ?? '',
        ...captcha,
      }),
    [qid],
  );
  const onSent = useCallback(
    (result: QuestionEditResult) => {
      if (result.wait_for_review) setReviewed(true);
      else void navigate(questionPath(info?.id ?? qid, result.url_title || info?.url_title, site.permalink));
    },
    [navigate, info, qid, site.permalink],
  );

  let body;
  if (reviewed) body = <ReviewNotice backTo={questionHref} />;
  else if (check.failed || question.isError) body = <LoadFailed />;
  else if (!ready || !baseline) body = <Spin />;
  else
    body = (
      <QuestionForm
        mode="edit"
        baseline={baseline}
        draftKey={draftKeys.question(qid)}
        rules={rules}
        permalink={site.permalink}
        send={send}
        onSent={onSent}
        cancelTo={questionHref}
      />
    );

  return (
    <AntdProvider>
      <FormPage title={t('ask.edit.question_title')}>{body}</FormPage>
    </AntdProvider>
  );
}
