import type { SiteModeration } from '@agora/shared-api/contract';
import { InputNumber, Select } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { useSettingsText } from './form/texts';
import { integerRule, isSingleLine, lengthOf } from './form/validation';

type NumberField = 'queue_first_posts' | 'deletion_block_count' | 'deletion_block_days' | 'deletion_block_block_days';
type Values = Omit<SiteModeration, NumberField> & Record<NumberField, number | null>;

const RANGES: Record<NumberField, [number, number]> = {
  queue_first_posts: [0, 100],
  deletion_block_count: [0, 100],
  deletion_block_days: [1, 365],
  deletion_block_block_days: [1, 365],
};
const WORD_MAX = 100;
const WORDS_MAX = 500;

/** The moderation settings (siteinfo/moderation), a section of the Write screen. */
export function ModerationForm() {
  const k = useSettingsText('moderation');
  const oneLine = useSettingsText('form')('single_line');
  const number = (field: NumberField) => {
    const [min, max] = RANGES[field];
    return (
      <SettingItem
        name={field}
        label={k(`${field}.label`)}
        extra={k(`${field}.help`)}
        required
        rules={[integerRule(min, max, { empty: k('number_empty'), range: k('number_range', { min, max }) })]}
      >
        <InputNumber precision={0} controls={false} inputMode="numeric" />
      </SettingItem>
    );
  };
  return (
    <SettingsForm<SiteModeration, Values>
      path="siteinfo/moderation"
      name="settings-moderation"
      title={k('title')}
      fields={[
        'queue_first_posts',
        'queue_words',
        'deletion_block_count',
        'deletion_block_days',
        'deletion_block_block_days',
      ]}
      toValues={(m) => ({ ...m })}
      toBody={(v) => ({
        queue_first_posts: Number(v.queue_first_posts),
        queue_words: [...new Set(v.queue_words.map((w) => w.trim()).filter(Boolean))],
        deletion_block_count: Number(v.deletion_block_count),
        deletion_block_days: Number(v.deletion_block_days),
        deletion_block_block_days: Number(v.deletion_block_block_days),
      })}
    >
      {() => (
        <>
          {number('queue_first_posts')}
          <SettingItem
            name="queue_words"
            label={k('queue_words.label')}
            extra={k('queue_words.help')}
            rules={[
              {
                validator: (_rule: unknown, value: unknown) => {
                  const words = Array.isArray(value) ? (value as string[]) : [];
                  if (words.some((w) => !isSingleLine(w.trim()))) return Promise.reject(new Error(oneLine));
                  if (words.some((w) => lengthOf(w.trim()) > WORD_MAX))
                    return Promise.reject(new Error(k('queue_words.too_long', { max: WORD_MAX })));
                  if (words.length > WORDS_MAX)
                    return Promise.reject(new Error(k('queue_words.too_many', { max: WORDS_MAX })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',']} suffixIcon={null} />
          </SettingItem>
          {number('deletion_block_count')}
          {number('deletion_block_days')}
          {number('deletion_block_block_days')}
        </>
      )}
    </SettingsForm>
  );
}
