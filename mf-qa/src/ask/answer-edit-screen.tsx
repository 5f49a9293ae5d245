import { answerPath, questionPath } from '@agora/shared-api';
import { answerToEditQuery } from '@agora/shared-api/resources/answer';
import type { CaptchaAnswer } from '@agora/shared-api/contract';
import { Alert, AntdProvider, Button, Form, Input, Spin } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import { askApi, EDIT_SUMMARY_MAX, type AnswerEditResult } from './api';
import '../common/post-form.css';
import { draftKeys } from '../common/draft';
import { LoadFailed, ReviewNotice, useEditCheck } from './edit-common';
import { FormEditor, FormPage } from '../common/form-page';
import { answerRule } from './question-form';
import { usePostForm } from './use-post-form';

interface AnswerValues {
  content: string;
  edit_summary: string;
}

const FIELDS = ['content', 'edit_summary'] as const;
const comparable = (v: AnswerValues) => ({ content: v.content ?? '', edit_summary: v.edit_summary ?? '' });

/** `/posts/{qid}/{aid}/edit`: the answer's editor and an edit summary, under its question's title. */
export default function AnswerEditScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { qid = '', aid = '' } = useParams();
  const site = useSite();
  const check = useEditCheck(aid, qid, site.permalink);
  const answer = useQuery({ ...answerToEditQuery(aid), enabled: check.allowed });
  const [reviewed, setReviewed] = useState(false);

  useEffect(() => {
    document.title = site.name ? `${t('ask.edit.answer_title')} - ${site.name}` : t('ask.edit.answer_title');
  }, [t, site.name]);

  const question = answer.data?.question;
  const questionHref = questionPath(question?.id ?? qid, question?.url_title, site.permalink);

  let body;
  if (reviewed) body = <ReviewNotice backTo={questionHref} />;
  else if (check.failed || answer.isError) body = <LoadFailed />;
  else if (!answer.data) body = <Spin />;
  else
    body = (
      <AnswerEditForm
        questionId={qid}
        answerId={aid}
        content={answer.data.info.content}
        questionTitle={answer.data.question.title}
        questionHref={questionHref}
        answerHref={answerPath(
          answer.data.question.id || qid,
          answer.data.info.id || aid,
          answer.data.question.url_title,
          site.permalink,
        )}
        onReview={() => setReviewed(true)}
      />
    );

  return (
    <AntdProvider>
      <FormPage title={t('ask.edit.answer_title')}>{body}</FormPage>
    </AntdProvider>
  );
}

function AnswerEditForm({
  questionId,
  answerId,
  content,
  questionTitle,
  questionHref,
  answerHref,
  onReview,
}: {
  questionId: string;
  answerId: string;
  content: string;
  questionTitle: string;
  questionHref: string;
  answerHref: string;
  onReview(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [form] = Form.useForm<AnswerValues>();
  const baseline = useMemo<AnswerValues>(() => ({ content, edit_summary: '' }), [content]);
  const send = useCallback(
    (values: AnswerValues, captcha: CaptchaAnswer) =>
      askApi.editAnswer({
        id: answerId,
        question_id: questionId,
        content: values.content,
        edit_summary: values.edit_summary?.trim() ?? '',
        ...captcha,
      }),
    [answerId, questionId],
  );
  const onSent = useCallback(
    (result: AnswerEditResult) => {
      if (result.wait_for_review) onReview();
      else void navigate(answerHref);
    },
    [navigate, answerHref, onReview],
  );
  const post = usePostForm<AnswerValues, AnswerEditResult>({
    form,
    baseline,
    draftKey: draftKeys.answer(answerId),
    captchaAction: 'edit',
    comparable,
    fields: FIELDS,
    send,
    onSent,
  });

  return (
    <>
      <p className="qa-ask-context">
        <span>{t('ask.edit.answer_of')}</span>{' '}
        <Link to={questionHref} className="qa-ask-context__title">
          {questionTitle}
        </Link>
      </p>
      {post.notice}
      <Form<AnswerValues>
        form={form}
        name="qa-edit-answer"
        layout="vertical"
        initialValues={post.initialValues}
        onValuesChange={post.onValuesChange}
        onFinish={(values) => void post.submit(values)}
        noValidate
        className="qa-ask-form"
      >
        <Form.Item name="content" label={t('ask.edit.answer_label')} required rules={[answerRule(t)]}>
          <FormEditor />
        </Form.Item>
        <Form.Item
          name="edit_summary"
          label={t('ask.edit_summary.label')}
          rules={[{ max: EDIT_SUMMARY_MAX, message: t('ask.edit_summary.too_long', { count: EDIT_SUMMARY_MAX }) }]}
        >
          <Input placeholder={t('ask.edit_summary.placeholder')} autoComplete="off" />
        </Form.Item>
        {post.alert && <Alert type="error" showIcon title={post.alert} role="alert" className="qa-ask-alert" />}
        <div className="qa-ask-actions">
          <Button type="primary" htmlType="submit" loading={post.pending}>
            {t('ask.submit.edit')}
          </Button>
          <Link to={questionHref}>{t('ask.cancel')}</Link>
        </div>
      </Form>
      {post.dialogs}
    </>
  );
}
