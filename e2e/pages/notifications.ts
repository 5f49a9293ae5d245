import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { REPO_ROOT } from '../fixtures/paths';

type Messages = { [key: string]: string | Messages };

const read = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Messages;
/** The notifications screen's own English texts (mf-users/src/notifications/i18n) and the shell's. */
const NOTIFICATIONS = read('mf-users/src/notifications/i18n/en_US.json');
const SHELL = read('shell/src/i18n/en_US.json');

function lookup(messages: Messages, key: string, area: string): string {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`${area} has no text ${key}`);
  return node;
}

/** A notifications-screen text (`notifications.` prefix optional). */
export const notificationText = (key: string) =>
  lookup(NOTIFICATIONS, key.replace(/^notifications\./, ''), 'mf-users notifications');

/** The header's bell and trophy: their names carry 'Unread' while their dot shows. */
export class NotificationLinks {
  constructor(readonly page: Page) {}

  private link(kind: 'inbox' | 'achievement', unread: boolean): Locator {
    const name = lookup(SHELL, `header.${kind}`, 'shell');
    const full = unread ? `${name} ${lookup(SHELL, 'header.unread', 'shell')}` : name;
    return this.page.getByRole('banner').getByRole('link', { name: full, exact: true });
  }

  bell(unread: boolean): Locator {
    return this.link('inbox', unread);
  }

  trophy(unread: boolean): Locator {
    return this.link('achievement', unread);
  }
}

/** The notifications screen (/users/notifications/...). */
export class NotificationsPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: notificationText('title'), exact: true });
  }

  /** The entries of the list shown (inbox or achievements). */
  get entries(): Locator {
    return this.page.locator('main li.notif-entry');
  }

  /** The entry about a post (its title in the entry's link). */
  entryAbout(title: string): Locator {
    return this.entries.filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }
}
