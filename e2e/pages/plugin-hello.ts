import type { Locator, Page } from '@playwright/test';

/** The sample plugin's admin page (e2e/fixtures/plugin-hello). */
export class PluginHelloPage {
  readonly heading: Locator;
  readonly path: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Hello plugin' });
    this.path = page.getByTestId('plugin-hello-path');
  }
}
