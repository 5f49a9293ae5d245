// The light entry: what the shell and read-only pages need. Heavier antd pieces live in ./antd.
export { Button } from 'antd';
export { buildTheme, DEFAULT_PRIMARY_COLOR, ThemeProvider, useThemeContext, useThemeToken, type ThemeSettings } from './theme/theme-provider';
