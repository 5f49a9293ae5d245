import { useTheme, useTimeZone } from '@agora/shared-ui';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { resolveColorScheme } from './color-scheme';
import { SiteAppearance } from './site-appearance';

const API = '/answer/api/v1';

function Probe() {
  const theme = useTheme();
  return (
    <output data-testid="probe">
      {theme.primaryColor} {theme.colorScheme} {useTimeZone()}
    </output>
  );
}

function themeOf(overrides: { primary?: string; navbar?: string; scheme?: string }) {
  return {
    theme: 'default',
    theme_config: {
      default: { primary_color: overrides.primary ?? '#0033FF', navbar_style: overrides.navbar ?? 'colored' },
    },
    color_scheme: overrides.scheme ?? 'default',
  };
}

/** A controllable prefers-color-scheme media query. */
function mockDarkPreference(initial: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: initial };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('dark') && state.matches;
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  );
  return (dark: boolean) => {
    state.matches = dark;
    listeners.forEach((fn) => fn());
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete document.documentElement.dataset.colorScheme;
});

describe('resolveColorScheme', () => {
  it("takes the member's choice unless it is 'default', and follows the device for 'system'", () => {
    expect(resolveColorScheme('default', undefined, true)).toBe('light');
    expect(resolveColorScheme('dark', undefined, false)).toBe('dark');
    expect(resolveColorScheme('dark', 'default', false)).toBe('dark');
    expect(resolveColorScheme('dark', 'light', false)).toBe('light');
    expect(resolveColorScheme('light', 'dark', false)).toBe('dark');
    expect(resolveColorScheme('system', undefined, true)).toBe('dark');
    expect(resolveColorScheme('system', undefined, false)).toBe('light');
    expect(resolveColorScheme('light', 'system', true)).toBe('dark');
    expect(resolveColorScheme('purple', undefined, true)).toBe('light');
  });
});

describe('SiteAppearance', () => {
  it('themes every page with the primary colour and navbar style, and times with the site time zone', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({
        theme: themeOf({ primary: '#AA3300', navbar: 'light' }),
        interface: { language: 'en_US', time_zone: 'Asia/Shanghai' },
      }),
    });
    await renderShell(
      <SiteAppearance>
        <Probe />
      </SiteAppearance>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('#aa3300 light Asia/Shanghai'));
    const wrapper = screen.getByTestId('probe').closest('[data-navbar-style]') as HTMLElement;
    expect(wrapper).toHaveAttribute('data-navbar-style', 'light');
    expect(wrapper.style.getPropertyValue('--agora-primary')).toBe('#aa3300');
  });

  it("applies the site's dark scheme to the theme and to <html>", async () => {
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo({ theme: themeOf({ scheme: 'dark' }) }) });
    await renderShell(
      <SiteAppearance>
        <Probe />
      </SiteAppearance>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('dark'));
    expect(document.documentElement.dataset.colorScheme).toBe('dark');
    expect(screen.getByTestId('probe').closest('.agora-theme')).toHaveAttribute('data-color-scheme', 'dark');
  });

  it("follows the device live for 'system'", async () => {
    const setDark = mockDarkPreference(false);
    mockFetch({ [`GET ${API}/siteinfo`]: siteInfo({ theme: themeOf({ scheme: 'system' }) }) });
    await renderShell(
      <SiteAppearance>
        <Probe />
      </SiteAppearance>,
    );
    await waitFor(() => expect(document.documentElement.dataset.colorScheme).toBe('light'));
    act(() => setDark(true));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('#0033ff dark'));
    expect(document.documentElement.dataset.colorScheme).toBe('dark');
    act(() => setDark(false));
    await waitFor(() => expect(document.documentElement.dataset.colorScheme).toBe('light'));
  });

  it("lets a member's own colour scheme win over the site's", async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({ theme: themeOf({ scheme: 'light' }) }),
      [`GET ${API}/user/info`]: currentUser({ color_scheme: 'dark' }),
    });
    await renderShell(
      <SiteAppearance>
        <Probe />
      </SiteAppearance>,
      { token: 'token-alice' },
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('dark'));
    expect(document.documentElement.dataset.colorScheme).toBe('dark');
  });
});
