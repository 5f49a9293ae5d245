import { api, siteInfoQuery, useSingletonReport } from '@agora/shared-api';
import { ThemeProvider, useTheme } from '@agora/shared-ui';
import { QueryClientProvider, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { Provider as JotaiProvider, useStore, type createStore } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';

function Probe() {
  useSingletonReport('shell', {
    apiClient: api,
    useQueryClient,
    useStore,
    i18n: i18next,
    useTheme,
    loadAntdContext: () => import('@agora/shared-ui/antd').then((m) => m.AntdConfigContext),
  });
  return null;
}

/** The antd theme and navbar style from the site's theme settings (theme, theme_config.navbar_style and primary_color). */
function SiteTheme({ children }: { children: ReactNode }) {
  const theme = useQuery(siteInfoQuery()).data?.theme;
  const config = theme?.theme_config[theme.theme];
  const primaryColor = config?.primary_color;
  const navbarStyle = config?.navbar_style;
  const settings = useMemo(() => ({ primaryColor, navbarStyle }), [primaryColor, navbarStyle]);
  return <ThemeProvider settings={settings}>{children}</ThemeProvider>;
}

export interface AppProps {
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  /** The one router (./router/app-routes createAppRouter). */
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ queryClient, store, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <SiteTheme>
          <Probe />
          <RouterProvider router={router} />
        </SiteTheme>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
