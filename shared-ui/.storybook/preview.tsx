import type { Preview } from 'storybook-react-rsbuild';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { registerSharedUiTranslations, SHARED_UI_NS } from '../src/i18n/register';
import { ThemeProvider } from '../src/theme/theme-provider';

// What the shell provides at start-up: one i18next instance holding the shared-ui namespace.
void i18next.use(initReactI18next).init({
  lng: 'en_US',
  fallbackLng: 'en_US',
  ns: [SHARED_UI_NS],
  defaultNS: SHARED_UI_NS,
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
});
registerSharedUiTranslations(i18next);

const preview: Preview = {
  globalTypes: {
    language: {
      description: 'Interface language',
      toolbar: { title: 'Language', icon: 'globe', items: ['en_US', 'zh_CN'], dynamicTitle: true },
    },
    navbarStyle: {
      description: 'theme_config navbar_style',
      toolbar: { title: 'Navbar', items: ['colored', 'light', '#1f1f1f'], dynamicTitle: true },
    },
  },
  initialGlobals: { language: 'en_US', navbarStyle: 'colored' },
  decorators: [
    (Story, context) => {
      const language = String(context.globals.language ?? 'en_US');
      if (i18next.language !== language) void i18next.changeLanguage(language);
      return (
        <I18nextProvider i18n={i18next}>
          <ThemeProvider settings={{ navbarStyle: String(context.globals.navbarStyle ?? 'colored') }}>
            <MemoryRouter>
              <Story />
            </MemoryRouter>
          </ThemeProvider>
        </I18nextProvider>
      );
    },
  ],
  parameters: { controls: { expanded: true } },
};

export default preview;
