import { App, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useContext, type ReactNode } from 'react';

/** SPEC §3/§9: the default primary colour. */
export const DEFAULT_PRIMARY_COLOR = '#0033FF';

export interface ThemeSettings {
  primaryColor?: string;
}

export function buildTheme({ primaryColor }: ThemeSettings = {}): ThemeConfig {
  return {
    token: {
      colorPrimary: primaryColor || DEFAULT_PRIMARY_COLOR,
      borderRadius: 6,
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    },
    cssVar: { key: 'agora' },
  };
}

/** Mounted once by the shell: antd's theme context and the App context for feedback. */
export function ThemeProvider({ settings, children }: { settings?: ThemeSettings; children: ReactNode }) {
  return (
    <ConfigProvider theme={buildTheme(settings)}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}

/** The antd design token in effect here: remotes read it to prove they share the shell's theme context. */
export function useThemeToken() {
  return antdTheme.useToken().token;
}

/** antd's configuration context as seen from here (identity proves one shared theme context). */
export function useThemeContext() {
  return useContext(ConfigProvider.ConfigContext);
}
