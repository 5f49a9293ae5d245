import { App, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import '../styles/base.css';
import { DEFAULT_PRIMARY_COLOR, normalizeHex, readableTextOn, resolveNavbarColors } from './theme-colors';

export { DEFAULT_PRIMARY_COLOR };

export interface ThemeSettings {
  /** Hex colour; anything that is not '#rgb' or '#rrggbb' falls back to DEFAULT_PRIMARY_COLOR. */
  primaryColor?: string;
  /** Answer theme_config navbar_style: 'colored', 'light' or a hex colour. Default 'colored'. */
  navbarStyle?: string;
}

const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';
const BORDER_RADIUS = 6;

function primaryOf(settings: ThemeSettings): string {
  return normalizeHex(settings.primaryColor) ?? DEFAULT_PRIMARY_COLOR;
}

export function buildTheme(settings: ThemeSettings = {}): ThemeConfig {
  return {
    token: {
      colorPrimary: primaryOf(settings),
      borderRadius: BORDER_RADIUS,
      fontFamily: FONT_FAMILY,
    },
    cssVar: { key: 'agora' },
  };
}

/**
 * The theme as CSS custom properties, so plain markup (and the shell's navbar) can follow it without antd.
 * ThemeProvider sets them on its wrapper; base.css holds the same defaults on :root.
 */
export function themeCssVariables(settings: ThemeSettings = {}): Record<`--agora-${string}`, string> {
  const primary = primaryOf(settings);
  const navbar = resolveNavbarColors(settings.navbarStyle, primary);
  return {
    '--agora-primary': primary,
    '--agora-primary-fg': readableTextOn(primary),
    '--agora-navbar-bg': navbar.background,
    '--agora-navbar-fg': navbar.foreground,
    '--agora-navbar-border': navbar.border,
    '--agora-radius': `${BORDER_RADIUS}px`,
    '--agora-font': FONT_FAMILY,
  };
}

/**
 * Mounted once by the shell: antd's theme context, the App context for feedback, and a layout-neutral
 * wrapper (display: contents) carrying the theme's CSS custom properties.
 */
export function ThemeProvider({ settings, children }: { settings?: ThemeSettings; children: ReactNode }) {
  const primaryColor = settings?.primaryColor;
  const navbarStyle = settings?.navbarStyle;
  const theme = useMemo(() => buildTheme({ primaryColor }), [primaryColor]);
  const style = useMemo(
    () => themeCssVariables({ primaryColor, navbarStyle }) as CSSProperties,
    [primaryColor, navbarStyle],
  );
  const navbarKind = resolveNavbarColors(navbarStyle, primaryOf({ primaryColor })).kind;
  return (
    <ConfigProvider theme={theme}>
      <App component={false}>
        <div className="agora-theme" data-navbar-style={navbarKind} style={style}>
          {children}
        </div>
      </App>
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
