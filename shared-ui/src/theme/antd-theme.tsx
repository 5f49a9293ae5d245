import { App, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useMediaQuery } from '../hooks/use-breakpoint';
import { BORDER_RADIUS, FONT_FAMILY, primaryOf, useTheme, type ThemeSettings } from './theme-provider';

/**
 * Light-scheme colours antd draws text in that fall short of WCAG AA's 4.5:1 on white: its descriptions (a
 * field's help) are 45% black (3.4:1) and its error red #ff4d4f (3.3:1, danger buttons' text). The site's
 * secondary text (7:1) and danger colour (5.6:1) instead. The dark algorithm's are left as antd computes them.
 */
const LIGHT_TOKENS = { colorTextDescription: '#595959', colorError: '#cf1322' };

/** The system setting that asks for less motion (WCAG 2.3.3): antd's opening, closing and ripple animations stop. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function buildTheme(settings: ThemeSettings = {}, reducedMotion = false): ThemeConfig {
  const dark = settings.colorScheme === 'dark';
  return {
    token: {
      colorPrimary: primaryOf(settings),
      borderRadius: BORDER_RADIUS,
      fontFamily: FONT_FAMILY,
      ...(dark ? {} : LIGHT_TOKENS),
      ...(reducedMotion ? { motion: false } : {}),
    },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
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
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const theme = useMemo(
    () => buildTheme({ primaryColor, colorScheme }, reducedMotion),
    [primaryColor, colorScheme, reducedMotion],
  );
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
