import type { SiteAdvanced } from '@agora/shared-api/contract';
import { InputNumber, Select } from '@agora/shared-ui/antd';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { useSettingsText } from './form/texts';
import { integerRule } from './form/validation';

type Values = Omit<SiteAdvanced, 'max_image_size' | 'max_attachment_size' | 'max_image_megapixel'> & {
  max_image_size: number | null;
  max_attachment_size: number | null;
  max_image_megapixel: number | null;
};

const EXTENSION = /^[a-z0-9]{1,20}$/;

/** Extensions as the server keeps them: lower case, without the dot, each once. */
const extensions = (list: readonly string[]) => [
  ...new Set(list.map((e) => e.trim().replace(/^\./, '').toLowerCase()).filter(Boolean)),
];

/** The upload limits (siteinfo/advanced), a section of the Write screen: sizes, megapixels, extensions. */
export function AdvancedForm() {
  const k = useSettingsText('advanced');
  const range = (min: number, max: number) => [
    integerRule(min, max, { empty: k('number_empty'), range: k('number_range', { min, max }) }),
  ];
  const extensionRule = (max: number) => ({
    validator: (_rule: unknown, value: unknown) => {
      const list = extensions(Array.isArray(value) ? (value as string[]) : []);
      const bad = list.find((e) => !EXTENSION.test(e));
      if (bad) return Promise.reject(new Error(k('extension_invalid', { extension: bad })));
      if (list.length > max) return Promise.reject(new Error(k('extensions_too_many', { max })));
      return Promise.resolve();
    },
  });
  return (
    <SettingsForm<SiteAdvanced, Values>
      path="siteinfo/advanced"
      name="settings-advanced"
      title={k('title')}
      fields={[
        'max_image_size',
        'max_attachment_size',
        'max_image_megapixel',
        'authorized_image_extensions',
        'authorized_attachment_extensions',
      ]}
      toValues={(a) => ({ ...a })}
      toBody={(v) => ({
        max_image_size: Number(v.max_image_size),
        max_attachment_size: Number(v.max_attachment_size),
        max_image_megapixel: Number(v.max_image_megapixel),
        authorized_image_extensions: extensions(v.authorized_image_extensions),
        authorized_attachment_extensions: extensions(v.authorized_attachment_extensions),
      })}
    >
      {() => (
        <>
          <SettingItem name="max_image_size" label={k('max_image_size')} required rules={range(1, 1024)}>
            <InputNumber precision={0} controls={false} inputMode="numeric" suffix="MB" />
          </SettingItem>
          <SettingItem name="max_attachment_size" label={k('max_attachment_size')} required rules={range(1, 1024)}>
            <InputNumber precision={0} controls={false} inputMode="numeric" suffix="MB" />
          </SettingItem>
          <SettingItem name="max_image_megapixel" label={k('max_image_megapixel')} required rules={range(1, 1000)}>
            <InputNumber precision={0} controls={false} inputMode="numeric" />
          </SettingItem>
          <SettingItem
            name="authorized_image_extensions"
            label={k('image_extensions')}
            extra={k('extensions_help')}
            rules={[extensionRule(50)]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} />
          </SettingItem>
          <SettingItem
            name="authorized_attachment_extensions"
            label={k('attachment_extensions')}
            extra={k('extensions_help')}
            rules={[extensionRule(100)]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} />
          </SettingItem>
        </>
      )}
    </SettingsForm>
  );
}
