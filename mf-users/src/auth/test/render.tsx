import { clearSession, startSession, type CurrentUser } from '@agora/shared-api';
import { registerSharedUiTranslations, TimeZoneProvider } from '@agora/shared-ui';
import { TEST_USER } from '@agora/shared-api/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { screens } from '../../expose/screens';

registerSharedUiTranslations(i18next);

/** A logged-in member (override what a test needs). */
export const USER = TEST_USER;

/** A site info with the login group (sign-up allowed) and a contact address. */
export const SITEINFO = {
  general: { name: 'Agora', contact_email: 'help@agora.example' },
  login: {
    allow_new_registrations: true,
    allow_email_registrations: true,
    allow_password_login: true,
    login_required: false,
    allow_email_domains: [],
  },
};

/** A captcha record (GET user/action/record). */
export const captchaRecord = (n: number, verify = true) => ({
  captcha_id: `captcha-${n}`,
  captcha_img: `data:image/png;base64,${btoa(`image-${n}`)}`,
  verify,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderOptions {
  path: string;
  user?: Partial<CurrentUser> | null;
  timeZone?: string;
}

/** Loads a registered screen (as the shell does) and renders it at `path`, inside a router and a query client. */
export async function renderScreen(id: keyof typeof screens, { path, user = null, timeZone }: RenderOptions) {
  const loader = screens[id];
  const Screen: ComponentType = (await loader()).default;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  if (user) startSession(queryClient, { ...USER, ...user });
  else clearSession(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TimeZoneProvider timeZone={timeZone}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <Screen />
                  <Location />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </TimeZoneProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** The router's current path + search. */
export const currentLocation = () => screen.getByTestId('location').textContent;
