import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { registerSharedUiTranslations, SHARED_UI_NS } from '../i18n/register';
import { ThemeProvider, type ThemeSettings } from '../theme/theme-provider';

/** A fresh, synchronously initialised i18next instance holding the shared-ui namespace. */
export function createTestI18n(language = 'en_US'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en_US',
    ns: [SHARED_UI_NS],
    defaultNS: SHARED_UI_NS,
    resources: {},
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  registerSharedUiTranslations(instance);
  return instance;
}

interface Options extends Omit<RenderOptions, 'wrapper'> {
  language?: string;
  route?: string;
  theme?: ThemeSettings;
}

/** Renders inside what the shell provides: theme + antd App, a router and i18next with 'shared-ui'. */
export function renderWithProviders(ui: ReactElement, { language, route = '/', theme, ...options }: Options = {}) {
  const i18n = createTestI18n(language);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <ThemeProvider settings={theme}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </ThemeProvider>
      </I18nextProvider>
    );
  }
  return { i18n, ...render(ui, { wrapper: Wrapper, ...options }) };
}
