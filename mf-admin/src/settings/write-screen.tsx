import type { SiteQuestions, SiteTags } from '@agora/shared-api/contract';
import { InputNumber, Switch } from '@agora/shared-ui/antd';
import { AdvancedForm } from './advanced-form';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { integerRule } from './form/validation';
import { ModerationForm } from './moderation-form';
import { TagSelect, toChoices, toTags, type TagChoice } from './tag-select';

type QuestionValues = Omit<SiteQuestions, 'min_tags' | 'min_content'> & {
  min_tags: number | null;
  min_content: number | null;
};
interface TagValues {
  recommend_tags: TagChoice[];
  reserved_tags: TagChoice[];
  required_tag: boolean;
}

/**
 * Settings → Write: what a question needs (tags, length, one answer per member), the recommended and reserved
 * tags, the upload limits, and which posts wait for review.
 */
export default function WriteScreen() {
  const k = useSettingsText('write');
  const range = (min: number, max: number) => [
    integerRule(min, max, { empty: k('number.empty'), range: k('number.range', { min, max }) }),
  ];
  return (
    <SettingsPage screen="write">
      <SettingsForm<SiteQuestions, QuestionValues>
        path="siteinfo/question"
        name="settings-question"
        title={k('question.title')}
        fields={['min_tags', 'min_content', 'restrict_answer']}
        toValues={(q) => ({ ...q })}
        toBody={(v) => ({
          min_tags: Number(v.min_tags),
          min_content: Number(v.min_content),
          restrict_answer: v.restrict_answer,
        })}
      >
        {() => (
          <>
            <SettingItem
              name="min_tags"
              label={k('min_tags.label')}
              extra={k('min_tags.help')}
              required
              rules={range(0, 5)}
            >
              <InputNumber precision={0} controls={false} inputMode="numeric" />
            </SettingItem>
            <SettingItem
              name="min_content"
              label={k('min_content.label')}
              extra={k('min_content.help')}
              required
              rules={range(0, 65535)}
            >
              <InputNumber precision={0} controls={false} inputMode="numeric" />
            </SettingItem>
            <SettingItem
              name="restrict_answer"
              label={k('restrict_answer.label')}
              extra={k('restrict_answer.help')}
              valuePropName="checked"
            >
              <Switch />
            </SettingItem>
          </>
        )}
      </SettingsForm>
      <SettingsForm<SiteTags, TagValues>
        path="siteinfo/tag"
        name="settings-tag"
        title={k('tags.title')}
        fields={['recommend_tags', 'reserved_tags', 'required_tag']}
        toValues={(g) => ({
          recommend_tags: toChoices(g.recommend_tags),
          reserved_tags: toChoices(g.reserved_tags),
          required_tag: g.required_tag,
        })}
        toBody={(v) => ({
          recommend_tags: toTags(v.recommend_tags),
          reserved_tags: toTags(v.reserved_tags),
          required_tag: v.required_tag,
        })}
      >
        {() => (
          <>
            <SettingItem name="recommend_tags" label={k('recommend_tags.label')} extra={k('recommend_tags.help')}>
              <TagSelect />
            </SettingItem>
            <SettingItem
              name="required_tag"
              label={k('required_tag.label')}
              extra={k('required_tag.help')}
              valuePropName="checked"
            >
              <Switch />
            </SettingItem>
            <SettingItem name="reserved_tags" label={k('reserved_tags.label')} extra={k('reserved_tags.help')}>
              <TagSelect />
            </SettingItem>
          </>
        )}
      </SettingsForm>
      <AdvancedForm />
      <ModerationForm />
    </SettingsPage>
  );
}
