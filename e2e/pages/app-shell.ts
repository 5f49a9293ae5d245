import type { Locator, Page } from '@playwright/test';

/** The error-page texts of the product and the shell's own panel texts (shell/src/i18n/en_US.json). */
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

  /** The site name (or logo) linking home. */
  brand(name: string): Locator {
    return this.header.getByRole('link', { name, exact: true });
  }

  get searchBox(): Locator {
    return this.header.getByRole('searchbox', { name: 'Search' });
  }

  get loginLink(): Locator {
    return this.header.getByRole('link', { name: 'Log in', exact: true });
  }

  get signupLink(): Locator {
    return this.header.getByRole('link', { name: 'Sign up', exact: true });
  }

  /** Below the lg breakpoint the header's menu button opens the side navigation. */
  get menuButton(): Locator {
    return this.header.getByRole('button', { name: 'Menu' });
  }

  /** The error page: heading 'HTTP Error {code}' and the description for the code. */
  errorPage(code: 403 | 404 | '50X'): { heading: Locator; description: Locator } {
    const description = code === 403 ? TEXT.forbidden : code === 404 ? TEXT.notFound : TEXT.serverError;
    return {
      heading: this.page.getByRole('heading', { name: `HTTP Error ${code}` }),
      description: this.page.getByText(description, { exact: true }),
    };
  }

  /** True when the page scrolls sideways (a layout that does not hold at this width). */
  async hasHorizontalScroll(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
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
    // An alert with a retry: other alerts a screen may show (form errors) are not the panel.
    this.panel = page
      .getByRole('main')
      .getByRole('alert')
      .filter({ has: page.getByRole('button', { name: TEXT.retry }) });
    this.retry = this.panel.getByRole('button', { name: TEXT.retry });
  }
}
