import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import BrandingScreen from './branding-screen';
import CssHtmlScreen from './css-html-screen';
import GeneralScreen from './general-screen';
import InterfaceScreen from './interface-screen';
import LegalScreen from './legal-screen';
import LoginScreen from './login-screen';
import PrivilegesScreen from './privileges-screen';
import SeoScreen from './seo-screen';
import SmtpScreen from './smtp-screen';
import { ALL_GROUPS } from './test/fixtures';
import { openSettings } from './test/open';
import ThemesScreen from './themes-screen';
import UsersSettingsScreen from './users-settings-screen';
import WriteScreen from './write-screen';

const SCREENS: [string, ComponentType, number][] = [
  ['General', GeneralScreen, 2],
  ['Interface', InterfaceScreen, 1],
  ['SMTP', SmtpScreen, 1],
  ['Branding', BrandingScreen, 1],
  ['Legal', LegalScreen, 1],
  ['Write', WriteScreen, 4],
  ['SEO', SeoScreen, 1],
  ['Login', LoginScreen, 1],
  ['Users settings', UsersSettingsScreen, 1],
  ['Privileges', PrivilegesScreen, 1],
  ['Themes', ThemesScreen, 1],
  ['CSS/HTML', CssHtmlScreen, 1],
];

const CONTROLS =
  'input:not([type=hidden]), textarea, select, button, a[href], [role=combobox], [role=switch], [role=radio], [tabindex]:not([tabindex="-1"])';

describe('settings screens: every control is labelled and reachable by keyboard', () => {
  it.each(SCREENS)('%s', async (title, Screen, forms) => {
    openSettings(Screen, ALL_GROUPS);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(forms));
    const page = document.querySelector('.admin-settings')!;
    const controls = [...page.querySelectorAll<HTMLElement>(CONTROLS)].filter(
      // antd's listbox copies for screen readers are not Tab stops.
      (el) => !el.closest('[role=listbox]') && el.getAttribute('aria-hidden') !== 'true',
    );
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) {
      expect(control, control.outerHTML.slice(0, 160)).toHaveAccessibleName();
      expect(control.tabIndex, control.outerHTML.slice(0, 160)).toBeGreaterThanOrEqual(0);
    }
  });
});
