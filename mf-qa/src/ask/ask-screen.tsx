import { questionPath } from '@agora/shared-api';
import { tagsBySlugsQuery } from '@agora/shared-api/resources/tag';
import { AntdProvider, Spin } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { useSite } from '../common/site';
import { askApi, type QuestionInfo } from './api';
import '../common/post-form.css';
import { draftKeys } from '../common/draft';
import { FormPage } from '../common/form-page';
import { emptyQuestion, QuestionForm, tagInputs, type QuestionValues } from './question-form';
import type { CaptchaAnswer } from '@agora/shared-api/contract';
import { useWriteRules } from './write-rules';

/** `/questions/ask` (`?tags=slug` preselects that tag, as a tag page's ask button does). */
export default function AskScreen() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const site = useSite();
  const { ready, rules } = useWriteRules('ask');
  const preset = search.get('tags')?.trim() ?? '';
  const presetTag = useQuery(tagsBySlugsQuery(preset));

  useEffect(() => {
    document.title = site.name ? `${t('ask.ask_title')} - ${site.name}` : t('ask.ask_title');
  }, [t, site.name]);

  const settled = !preset || !presetTag.isPending;
  const baseline = useMemo<QuestionValues>(() => {
    if (!preset || !settled) return emptyQuestion();
    const found = presetTag.data?.find((tag) => tag.slug_name.toLowerCase() === preset.toLowerCase());
    return emptyQuestion([
      found
        ? {
            slug_name: found.slug_name,
            display_name: found.display_name,
            reserved: found.reserved,
            recommend: found.recommend,
          }
        : { slug_name: preset, display_name: preset },
    ]);
  }, [preset, settled, presetTag.data]);

  const send = useCallback(async (values: QuestionValues, captcha: CaptchaAnswer): Promise<QuestionInfo> => {
    const body = {
      title: values.title.trim(),
      content: values.content,
      tags: tagInputs(values.tags),
      ...captcha,
    };
    if (!values.answerEnabled) return askApi.addQuestion(body);
    const both = await askApi.addQuestionWithAnswer({ ...body, answer_content: values.answer });
    return both.question;
  }, []);
  const onSent = useCallback(
    (question: QuestionInfo) => navigate(questionPath(question.id, question.url_title, site.permalink)),
    [navigate, site.permalink],
  );

  return (
    <AntdProvider>
      <FormPage title={t('ask.ask_title')}>
        {!ready || !settled ? (
          <Spin />
        ) : (
          <QuestionForm
            mode="ask"
            baseline={baseline}
            draftKey={draftKeys.ask()}
            rules={rules}
            permalink={site.permalink}
            send={send}
            onSent={onSent}
          />
        )}
      </FormPage>
    </AntdProvider>
  );
}
