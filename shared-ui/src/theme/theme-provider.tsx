import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import '../styles/base.css';
import { ToastOutlet } from '../components/toast/toast-outlet';
import { DEFAULT_PRIMARY_COLOR, normalizeHex, readableTextOn, resolveNavbarColors } from './theme-colors';

export { DEFAULT_PRIMARY_COLOR };

export interface ThemeSettings {
  /** Hex colour; anything that is not '#rgb' or '#rrggbb' falls back to DEFAULT_PRIMARY_COLOR. */
  primaryColor?: string;
  /** Answer theme_config navbar_style: 'colored', 'light' or a hex colour. Default 'colored'. */
  navbarStyle?: string;
  /** The colour scheme in force (the shell resolves the site's and the member's choice). Default 'light'. */
  colorScheme?: ColorScheme;
}

export type ColorScheme = 'light' | 'dark';

/** The resolved theme every part of the UI follows (plain markup through CSS variables, antd through AntdProvider). */
export interface ResolvedTheme {
  primaryColor: string;
  navbarStyle: string | undefined;
  colorScheme: ColorScheme;
}

export const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';
export const BORDER_RADIUS = 6;
/** The dark scheme's surface and text (the same values as base.css's dark properties). */
const DARK_SURFACE = '#1f1f1f';
const DARK_SCHEME_TEXT = '#e6e6e6';

export function primaryOf(settings: ThemeSettings): string {
  return normalizeHex(settings.primaryColor) ?? DEFAULT_PRIMARY_COLOR;
}

const DEFAULT_THEME: ResolvedTheme = {
  primaryColor: DEFAULT_PRIMARY_COLOR,
  navbarStyle: undefined,
  colorScheme: 'light',
};
const ThemeContext = createContext<ResolvedTheme>(DEFAULT_THEME);
ThemeContext.displayName = 'AgoraTheme';

/**
 * The theme as CSS custom properties, so plain markup (and the shell's navbar) can follow it without antd.
 * ThemeProvider sets them on its wrapper; base.css holds the same defaults on :root.
 */
export function themeCssVariables(settings: ThemeSettings = {}): Record<`--agora-${string}`, string> {
  const primary = primaryOf(settings);
  const resolved = resolveNavbarColors(settings.navbarStyle, primary);
  // The light navbar is the page's own surface: dark in the dark scheme.
  const navbar =
    resolved.kind === 'light' && settings.colorScheme === 'dark'
      ? { ...resolved, background: DARK_SURFACE, foreground: DARK_SCHEME_TEXT, border: 'rgba(255, 255, 255, 0.12)' }
      : resolved;
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
 * Mounted once by the shell: the theme context, a layout-neutral wrapper (display: contents) carrying the
 * theme's CSS custom properties, and the toast outlet. It holds no antd: screens that use antd components
 * wrap them in AntdProvider (from @agora/shared-ui/antd), which reads this same theme, so the first page
 * never downloads antd. In the dark scheme the wrapper carries data-color-scheme="dark", which switches
 * base.css's surface and text properties (and AntdProvider switches antd to its dark algorithm).
 */
export function ThemeProvider({ settings, children }: { settings?: ThemeSettings; children: ReactNode }) {
  const configured = settings?.primaryColor;
  const primaryColor = primaryOf({ primaryColor: configured });
  const navbarStyle = settings?.navbarStyle;
  const colorScheme: ColorScheme = settings?.colorScheme === 'dark' ? 'dark' : 'light';
  const theme = useMemo<ResolvedTheme>(
    () => ({ primaryColor, navbarStyle, colorScheme }),
    [primaryColor, navbarStyle, colorScheme],
  );
  const style = useMemo(
    () => themeCssVariables({ primaryColor: configured, navbarStyle, colorScheme }) as CSSProperties,
    [configured, navbarStyle, colorScheme],
  );
  const navbarKind = resolveNavbarColors(navbarStyle, primaryColor).kind;
  return (
    <ThemeContext.Provider value={theme}>
      <div className="agora-theme" data-navbar-style={navbarKind} data-color-scheme={colorScheme} style={style}>
        {children}
        <ToastOutlet />
      </div>
    </ThemeContext.Provider>
  );
}

/** The theme in effect here. Its identity proves a remote shares the shell's theme context. */
export function useTheme(): ResolvedTheme {
  return useContext(ThemeContext);
}
