import type { Permalink } from '@agora/shared-api';
import type { CaptchaAnswer, PostTagInput } from '@agora/shared-api/contract';
import { Alert, Button, Checkbox, Form, Input } from '@agora/shared-ui/antd';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { ANSWER_MIN, EDIT_SUMMARY_MAX, MAX_TAGS, TITLE_MAX } from './api';
import { FormEditor } from '../common/form-page';
import { SimilarQuestions } from './similar-questions';
import { isRecommended, isReserved, type ChosenTag, type TagRules } from '../common/chosen-tags';
import { TagPicker } from '../common/tag-picker';
import { usePostForm } from './use-post-form';

export interface QuestionValues {
  title: string;
  content: string;
  tags: ChosenTag[];
  /** Ask only: "answer your own question" and that answer. */
  answerEnabled: boolean;
  answer: string;
  /** Edit only. */
  edit_summary: string;
}

export const emptyQuestion = (tags: ChosenTag[] = []): QuestionValues => ({
  title: '',
  content: '',
  tags,
  answerEnabled: false,
  answer: '',
  edit_summary: '',
});

/** The wire form of the chosen tags: new tags carry their display name and an empty description. */
export function tagInputs(tags: ChosenTag[]): PostTagInput[] {
  return tags.map((tag) =>
    tag.isNew
      ? { slug_name: tag.slug_name, display_name: tag.display_name, original_text: '' }
      : { slug_name: tag.slug_name, display_name: tag.display_name },
  );
}

/** The write settings the form checks (siteinfo.site_questions, site_tags) and who is asking. */
export interface WriteRules extends TagRules {
  minTags: number;
  /** Minimum body size in bytes (the server counts bytes); 0 for none. */
  minContent: number;
  requiredTag: boolean;
}

export interface QuestionFormProps<R> {
  mode: 'ask' | 'edit';
  baseline: QuestionValues;
  draftKey: string;
  rules: WriteRules;
  permalink: Permalink;
  send: (values: QuestionValues, captcha: CaptchaAnswer) => Promise<R>;
  onSent: (result: R) => void;
  /** Edit: where Cancel leads (the question). */
  cancelTo?: string;
}

const FIELDS = ['title', 'content', 'tags', 'answer', 'edit_summary'] as const;
const ALIASES = { answer_content: 'answer' };

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** The ask form (/questions/ask) and, with an edit summary, the question edit form. */
export function QuestionForm<R>({
  mode,
  baseline,
  draftKey,
  rules,
  permalink,
  send,
  onSent,
  cancelTo,
}: QuestionFormProps<R>) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<QuestionValues>();
  const comparable = useCallback(
    (v: QuestionValues) => ({
      title: v.title ?? '',
      content: v.content ?? '',
      tags: (v.tags ?? []).map((tag) => tag.slug_name),
      answer: mode === 'ask' && v.answerEnabled ? (v.answer ?? '') : '',
      edit_summary: v.edit_summary ?? '',
    }),
    [mode],
  );
  const post = usePostForm<QuestionValues, R>({
    form,
    baseline,
    draftKey,
    captchaAction: mode === 'ask' ? 'question' : 'edit',
    comparable,
    fields: FIELDS,
    aliases: ALIASES,
    send,
    onSent,
  });
  const { current } = post;
  const withAnswer = mode === 'ask' && current.answerEnabled;

  const required = (message: string) => ({
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? Promise.resolve() : Promise.reject(new Error(message)),
  });
  const tagsRule = {
    validator: (_: unknown, value: ChosenTag[] | undefined) => {
      const tags = value ?? [];
      const min = Math.max(1, rules.minTags);
      if (tags.length < min)
        return Promise.reject(new Error(min <= 1 ? t('ask.tags.empty') : t('ask.tags.min', { count: min })));
      if (tags.length > MAX_TAGS) return Promise.reject(new Error(t('ask.tags.max', { count: MAX_TAGS })));
      // A reserved tag the post already carries (set by a moderator) may stay when someone else edits it.
      const reserved = tags.find(
        (tag) => isReserved(tag, rules) && !baseline.tags.some((kept) => kept.slug_name === tag.slug_name),
      );
      if (reserved && !rules.canUseReserved)
        return Promise.reject(new Error(t('ask.tags.reserved', { name: reserved.display_name })));
      if (rules.requiredTag && rules.recommended.length > 0 && !tags.some((tag) => isRecommended(tag, rules)))
        return Promise.reject(new Error(t('ask.tags.required_recommended')));
      return Promise.resolve();
    },
  };

  const submitLabel =
    mode === 'edit' ? t('ask.submit.edit') : withAnswer ? t('ask.submit.ask_and_answer') : t('ask.submit.ask');

  return (
    <>
      {post.notice}
      <Form<QuestionValues>
        form={form}
        name={mode === 'ask' ? 'qa-ask' : 'qa-edit-question'}
        layout="vertical"
        initialValues={post.initialValues}
        onValuesChange={post.onValuesChange}
        onFinish={(values) => void post.submit(values)}
        noValidate
        className="qa-ask-form"
      >
        <Form.Item
          name="title"
          label={t('ask.title.label')}
          required
          rules={[
            required(t('ask.title.empty')),
            { max: TITLE_MAX, message: t('ask.title.too_long', { count: TITLE_MAX }) },
          ]}
          extra={
            <span className="qa-ask-counter">
              {t('ask.title.counter', { length: (current.title ?? '').length, max: TITLE_MAX })}
            </span>
          }
        >
          <Input placeholder={t('ask.title.placeholder')} autoComplete="off" />
        </Form.Item>
        {mode === 'ask' && <SimilarQuestions title={current.title ?? ''} permalink={permalink} />}
        <Form.Item
          name="content"
          label={t('ask.body.label')}
          required
          rules={[
            required(t('ask.body.empty')),
            {
              validator: (_: unknown, value: unknown) =>
                rules.minContent > 0 && typeof value === 'string' && value.trim() && bytes(value) < rules.minContent
                  ? Promise.reject(new Error(t('ask.body.too_short', { count: rules.minContent })))
                  : Promise.resolve(),
            },
          ]}
        >
          <FormEditor placeholder={t('ask.body.placeholder')} />
        </Form.Item>
        <Form.Item name="tags" label={t('ask.tags.label')} required rules={[tagsRule]} extra={t('ask.tags.hint')}>
          <FormTagPicker rules={rules} />
        </Form.Item>
        {mode === 'edit' && (
          <Form.Item
            name="edit_summary"
            label={t('ask.edit_summary.label')}
            rules={[{ max: EDIT_SUMMARY_MAX, message: t('ask.edit_summary.too_long', { count: EDIT_SUMMARY_MAX }) }]}
          >
            <Input placeholder={t('ask.edit_summary.placeholder')} autoComplete="off" />
          </Form.Item>
        )}
        {mode === 'ask' && (
          <Form.Item name="answerEnabled" valuePropName="checked">
            <Checkbox>{t('ask.own_answer.toggle')}</Checkbox>
          </Form.Item>
        )}
        {withAnswer && (
          <Form.Item name="answer" label={t('ask.own_answer.label')} required rules={[answerRule(t)]}>
            <FormEditor />
          </Form.Item>
        )}
        {post.alert && <Alert type="error" showIcon title={post.alert} role="alert" className="qa-ask-alert" />}
        <div className="qa-ask-actions">
          <Button type="primary" htmlType="submit" loading={post.pending}>
            {submitLabel}
          </Button>
          {cancelTo && <Link to={cancelTo}>{t('ask.cancel')}</Link>}
        </div>
      </Form>
      {post.dialogs}
    </>
  );
}

/** An answer has at least 6 characters; empty: 'Answer cannot be empty.' */
export function answerRule(t: TFunction) {
  return {
    validator: (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return Promise.reject(new Error(t('ask.answer.empty')));
      if (text.length < ANSWER_MIN) return Promise.reject(new Error(t('ask.answer.too_short', { count: ANSWER_MIN })));
      return Promise.resolve();
    },
  };
}

function FormTagPicker({
  id = 'tags',
  value,
  onChange,
  rules,
}: {
  id?: string;
  value?: ChosenTag[];
  onChange?: (tags: ChosenTag[]) => void;
  rules: TagRules;
}) {
  const { status } = Form.Item.useStatus();
  return <TagPicker id={id} value={value} onChange={onChange} rules={rules} invalid={status === 'error'} />;
}
