import { App, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { BORDER_RADIUS, FONT_FAMILY, primaryOf, useTheme, type ThemeSettings } from './theme-provider';

export function buildTheme(settings: ThemeSettings = {}): ThemeConfig {
  return {
    token: { colorPrimary: primaryOf(settings), borderRadius: BORDER_RADIUS, fontFamily: FONT_FAMILY },
    algorithm: settings.colorScheme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    cssVar: { key: 'agora' },
  };
}

/**
 * antd's ConfigProvider and App for the antd components below it, themed from the shell's ThemeProvider.
 * Every screen, dialog or plugin page that renders antd components sits inside one. All of them use the
 * one antd build the shell provides, so they share antd's context objects and the same theme.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { primaryColor, colorScheme } = useTheme();
  const theme = useMemo(() => buildTheme({ primaryColor, colorScheme }), [primaryColor, colorScheme]);
  return (
    <ConfigProvider theme={theme}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}

/** antd's configuration context object (one per antd build): diagnostics compare its identity. */
export const AntdConfigContext = ConfigProvider.ConfigContext;

/** The antd design token in effect here. */
export function useThemeToken() {
  return antdTheme.useToken().token;
}
