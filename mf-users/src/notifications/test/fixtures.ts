import type { NotificationItem, NotificationStatus } from '@agora/shared-api/contract';
import { mockFetch, type Handler } from '@agora/shared-api/testing';
import { renderScreen } from '@agora/shared-ui/testing';
import NotificationsScreen from '../notifications-screen';

export const API = '/answer/api/v1';
export const ROUTES = ['/users/notifications/:type', '/users/notifications/:type/:subType'];

/** The site settings the screen reads (its time zone). */
const SITEINFO = { general: { name: 'Agora' }, interface: { time_zone: 'UTC' }, site_seo: { permalink: 2 } };

const NOW = Math.floor(Date.now() / 1000);

/** An inbox entry: Bob answered the member's question, unread, a minute ago (fields overridable). */
export function entry(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: 'n1',
    user_info: { id: '2', username: 'bob', display_name: 'Bob', avatar: '', rank: 5, status: 'normal' },
    object_info: {
      title: 'How do I parse YAML?',
      object_id: 'a2',
      object_type: 'answer',
      object_map: { question: 'q1', answer: 'a2' },
    },
    rank: 0,
    notification_action_key: 'answer_the_question',
    notification_action: 'answered your question',
    is_read: false,
    update_time: NOW - 60,
    ...overrides,
  };
}

export function status(overrides: Partial<NotificationStatus> = {}): NotificationStatus {
  return { inbox: 0, achievement: 0, revision: 0, can_revision: false, badge_award: null, ...overrides };
}

/** The screen at `url` with the page route answering `page` (or a handler), and the writes answering null. */
export function open(url: string, page: Handler, extra: Record<string, Handler> = {}) {
  const http = mockFetch(
    {
      [`GET ${API}/notification/page`]: page,
      [`PUT ${API}/notification/read/state`]: null,
      [`PUT ${API}/notification/read/state/all`]: null,
      [`PUT ${API}/notification/status`]: status(),
      ...extra,
    },
    { siteinfo: SITEINFO },
  );
  const view = renderScreen(NotificationsScreen, { url, routes: ROUTES });
  const pageQueries = () =>
    http.calls
      .filter((c) => c.method === 'GET' && c.path === `${API}/notification/page`)
      .map((c) => Object.fromEntries(c.query));
  return { ...view, http, pageQueries };
}
