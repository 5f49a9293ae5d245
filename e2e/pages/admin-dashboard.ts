import type { Locator } from '@playwright/test';
import { adminText, AdminArea } from './admin';

/** The admin dashboard (/admin): its cards are titled description lists (a term, then its value). */
export class AdminDashboardPage extends AdminArea {
  /** The value shown for a term (`dashboard.statistics.questions`...). */
  figure(termKey: string): Locator {
    return this.page
      .locator('dt')
      .filter({ hasText: new RegExp(`^\\s*${escape(adminText(termKey))}\\s*$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** A figure as a number (separators removed). */
  async count(termKey: string): Promise<number> {
    const text = (await this.figure(termKey).innerText()).replace(/[,\s\u00a0]/g, '');
    return Number(text);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
