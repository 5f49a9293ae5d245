import type { Locator, Page } from '@playwright/test';

/** Texts the SPEC fixes (§8) and the shell's own panel texts (shell/src/i18n/en_US.json). */
export const TEXT = {
  notFound: "Unfortunately, this page doesn't exist.",
  forbidden: "You don't have permission to access this page.",
  serverError: 'The server encountered an error and could not complete your request.',
  maintenance: "We are under maintenance, we'll be back soon.",
  retry: 'Try again',
  remoteUnavailable: 'This part of the site is unavailable',
  chunkFailed: 'This page could not be loaded',
  renderFailed: 'Something went wrong here',
} as const;

/** The shell's frame: header, side navigation, main area, footer. */
export class AppShell {
  readonly header: Locator;
  readonly footer: Locator;
  readonly main: Locator;
  readonly sideNav: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.footer = page.getByRole('contentinfo');
    this.main = page.getByRole('main');
    this.sideNav = page.getByRole('navigation', { name: 'Main', exact: true });
  }

  sideNavLink(name: string): Locator {
    return this.sideNav.getByRole('link', { name, exact: true });
  }

  /** The error page's text (403/404/50X), anywhere in the main area. */
  errorText(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}

/** The area a remote renders into: on failure it holds the error panel (role=alert) with a retry. */
export class RemoteArea {
  readonly panel: Locator;
  readonly retry: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('main').getByRole('alert');
    this.retry = this.panel.getByRole('button', { name: TEXT.retry });
  }
}
