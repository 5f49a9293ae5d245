import type { SiteTheme } from '@agora/shared-api';
import { Radio, Select } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { themeOptionsQuery } from '../api/settings';
import { ColorField, HEX_COLOR } from './color-field';
import { SettingItem } from './form/pinned';
import { SettingsForm } from './form/settings-form';
import { SettingsPage } from './form/settings-page';
import { useSettingsText } from './form/texts';
import { textRule } from './form/validation';

interface Values {
  theme: string;
  primary_color: string;
  navbar_style: string;
  color_scheme: string;
  layout: string;
}

export const DEFAULT_PRIMARY = '#0033FF';
const DEFAULT_CONFIG = { navbar_style: 'colored', primary_color: DEFAULT_PRIMARY };

/** The stored configuration of `theme`, or the defaults. */
const configOf = (group: SiteTheme, theme: string) => ({ ...DEFAULT_CONFIG, ...group.theme_config[theme] });

/** Customize → Themes: the theme, its primary colour and navbar, the colour scheme and the page width. */
export default function ThemesScreen() {
  const k = useSettingsText('themes');
  const options = useQuery(themeOptionsQuery());
  return (
    <SettingsPage screen="themes">
      <SettingsForm<SiteTheme, Values>
        path="siteinfo/theme"
        name="settings-theme"
        fields={['theme', 'primary_color', 'navbar_style', 'color_scheme', 'layout']}
        aliases={{ theme_config: 'primary_color' }}
        toValues={(g) => {
          const config = configOf(g, g.theme || 'default');
          return {
            theme: g.theme || 'default',
            primary_color: HEX_COLOR.test(config.primary_color) ? config.primary_color.toUpperCase() : DEFAULT_PRIMARY,
            navbar_style: config.navbar_style === 'light' ? 'light' : 'colored',
            color_scheme: g.color_scheme || 'system',
            layout: g.layout === 'Fixed-width' ? 'Fixed-width' : 'Full-width',
          };
        }}
        toBody={(v, g) => ({
          theme: v.theme,
          theme_config: {
            ...g.theme_config,
            [v.theme]: { navbar_style: v.navbar_style, primary_color: v.primary_color.toUpperCase() },
          },
          color_scheme: v.color_scheme,
          layout: v.layout,
        })}
      >
        {() => (
          <>
            <SettingItem
              name="theme"
              label={k('theme.label')}
              required
              rules={[textRule((v) => (v ? null : k('theme.empty')))]}
            >
              <Select
                loading={options.isPending}
                options={(options.data ?? [{ label: 'Default', value: 'default' }]).map((o) => ({
                  value: o.value,
                  label: o.label,
                }))}
              />
            </SettingItem>
            <SettingItem
              name="primary_color"
              label={k('primary_color.label')}
              extra={k('primary_color.help', { color: DEFAULT_PRIMARY })}
              rules={[textRule((v) => (HEX_COLOR.test(v) ? null : k('primary_color.invalid')))]}
            >
              <ColorField fallback={DEFAULT_PRIMARY} />
            </SettingItem>
            <SettingItem name="navbar_style" label={k('navbar_style.label')}>
              <Radio.Group
                aria-label={k('navbar_style.label')}
                options={[
                  { value: 'colored', label: k('navbar_style.colored') },
                  { value: 'light', label: k('navbar_style.light') },
                ]}
              />
            </SettingItem>
            <SettingItem name="color_scheme" label={k('color_scheme.label')}>
              <Radio.Group
                aria-label={k('color_scheme.label')}
                options={[
                  { value: 'light', label: k('color_scheme.light') },
                  { value: 'dark', label: k('color_scheme.dark') },
                  { value: 'system', label: k('color_scheme.system') },
                ]}
              />
            </SettingItem>
            <SettingItem name="layout" label={k('layout.label')}>
              <Radio.Group
                aria-label={k('layout.label')}
                options={[
                  { value: 'Full-width', label: k('layout.full') },
                  { value: 'Fixed-width', label: k('layout.fixed') },
                ]}
              />
            </SettingItem>
          </>
        )}
      </SettingsForm>
    </SettingsPage>
  );
}
