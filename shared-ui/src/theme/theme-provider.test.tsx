import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { matchMediaStub } from '../test/match-media';
import { AntdProvider, buildTheme, REDUCED_MOTION_QUERY, useThemeToken } from './antd-theme';
import { DEFAULT_PRIMARY_COLOR, ThemeProvider, themeCssVariables, useTheme } from './theme-provider';

function Token() {
  return <output>{useThemeToken().colorPrimary}</output>;
}

function CoreTheme() {
  return <output data-testid="core">{useTheme().primaryColor}</output>;
}

describe('buildTheme', () => {
  it('uses #0033FF by default and the configured primary colour otherwise', () => {
    expect(DEFAULT_PRIMARY_COLOR).toBe('#0033FF');
    expect(buildTheme().token?.colorPrimary).toBe('#0033FF');
    expect(buildTheme({ primaryColor: '#AA0000' }).token?.colorPrimary).toBe('#aa0000');
    expect(buildTheme({ primaryColor: 'not a colour' }).token?.colorPrimary).toBe('#0033FF');
  });
});

describe('reduced motion', () => {
  function Motion() {
    return <output>{String(useThemeToken().motion)}</output>;
  }

  it("turns antd's animations off while the system asks for reduced motion", () => {
    const reduce = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query) =>
        query === REDUCED_MOTION_QUERY
          ? ({ ...matchMediaStub(query), matches: true } as MediaQueryList)
          : matchMediaStub(query),
      );
    try {
      render(
        <AntdProvider>
          <Motion />
        </AntdProvider>,
      );
      expect(screen.getByRole('status')).toHaveTextContent('false');
    } finally {
      reduce.mockRestore();
    }
  });

  it('keeps them otherwise', () => {
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('true');
  });
});

describe('themeCssVariables', () => {
  it('exposes primary and navbar colours', () => {
    expect(themeCssVariables({ primaryColor: '#008800', navbarStyle: 'colored' })).toMatchObject({
      '--agora-primary': '#008800',
      '--agora-primary-fg': '#ffffff',
      '--agora-navbar-bg': '#008800',
      '--agora-navbar-fg': '#ffffff',
    });
    expect(themeCssVariables({ navbarStyle: 'light' })).toMatchObject({
      '--agora-primary': '#0033FF',
      '--agora-navbar-bg': '#ffffff',
      '--agora-navbar-fg': '#1f1f1f',
    });
  });
});

describe('ThemeProvider', () => {
  it('gives antd the primary colour and sets the CSS custom properties on its wrapper', () => {
    render(
      <ThemeProvider settings={{ primaryColor: '#008800', navbarStyle: 'light' }}>
        <AntdProvider>
          <Token />
        </AntdProvider>
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('#008800');
    const wrapper = screen.getByRole('status').closest('.agora-theme') as HTMLElement;
    expect(wrapper.style.getPropertyValue('--agora-primary')).toBe('#008800');
    expect(wrapper.style.getPropertyValue('--agora-navbar-bg')).toBe('#ffffff');
    expect(wrapper.style.getPropertyValue('--agora-navbar-fg')).toBe('#1f1f1f');
    expect(wrapper).toHaveAttribute('data-navbar-style', 'light');
  });

  it('defaults to the colored navbar in the default primary colour', () => {
    render(
      <ThemeProvider>
        <CoreTheme />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('core')).toHaveTextContent('#0033FF');
    const wrapper = screen.getByTestId('core').closest('.agora-theme') as HTMLElement;
    expect(wrapper.style.getPropertyValue('--agora-navbar-bg')).toBe('#0033FF');
    expect(wrapper).toHaveAttribute('data-navbar-style', 'colored');
  });

  it('switches antd and the wrapper to the dark scheme, the light navbar included', () => {
    function Background() {
      return <output data-testid="bg">{useThemeToken().colorBgContainer}</output>;
    }
    const { unmount } = render(
      <ThemeProvider settings={{ navbarStyle: 'light' }}>
        <AntdProvider>
          <Background />
        </AntdProvider>
      </ThemeProvider>,
    );
    const lightBg = screen.getByTestId('bg').textContent;
    unmount();
    render(
      <ThemeProvider settings={{ navbarStyle: 'light', colorScheme: 'dark' }}>
        <AntdProvider>
          <Background />
        </AntdProvider>
      </ThemeProvider>,
    );
    expect(lightBg).toBe('#ffffff');
    expect(screen.getByTestId('bg')).toHaveTextContent('#141414');
    const wrapper = screen.getByTestId('bg').closest('.agora-theme') as HTMLElement;
    expect(wrapper).toHaveAttribute('data-color-scheme', 'dark');
    expect(wrapper.style.getPropertyValue('--agora-navbar-bg')).toBe('#1f1f1f');
  });
});
