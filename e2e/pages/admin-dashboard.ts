import type { Locator } from '@playwright/test';
import { adminText, AdminArea, escapeRegExp } from './admin';

/** The admin dashboard (/admin): its cards are titled description lists (a term, then its value). */
export class AdminDashboardPage extends AdminArea {
  /** The value a card (titled `dashboard.<card>.title`) shows for a term (`dashboard.<card>.<term>`). */
  figure(card: string, term: string): Locator {
    return this.page
      .getByRole('region', { name: adminText(`dashboard.${card}.title`), exact: true })
      .locator('dt')
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(adminText(`dashboard.${card}.${term}`))}\\s*$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** A figure as a number (separators removed). */
  async count(card: string, term: string): Promise<number> {
    const text = (await this.figure(card, term).innerText()).replace(/[,\s\u00a0]/g, '');
    return Number(text);
  }
}
