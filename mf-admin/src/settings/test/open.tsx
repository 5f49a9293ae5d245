// What the settings screens' tests share: the admin mounted as the shell mounts a screen, HTTP mocked.
import { mockFetch, type Handler } from '@agora/shared-api/testing';
import { renderScreen } from '@agora/shared-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';

export const ADMIN_API = '/answer/admin/api';
export type User = ReturnType<typeof userEvent.setup>;

/**
 * Opens a settings screen as an administrator at /admin/<sub>. `routes` are 'METHOD path' keys of the admin
 * API relative to its prefix ('GET siteinfo/general') or full ('GET /answer/api/v1/...'); setting/pinned
 * answers `pinned` (nothing pinned by default).
 */
export function openSettings(
  Screen: ComponentType,
  routes: Record<string, Handler>,
  { pinned = {} as Record<string, string[]>, sub = 'settings' } = {},
) {
  const full: Record<string, Handler> = { [`GET ${ADMIN_API}/setting/pinned`]: pinned };
  for (const [key, handler] of Object.entries(routes)) {
    const [method, path] = key.split(' ') as [string, string];
    full[path.startsWith('/') ? key : `${method} ${ADMIN_API}/${path}`] = handler;
  }
  const http = mockFetch(full);
  const view = renderScreen(Screen, { url: `/admin/${sub}`, routes: ['/admin/:sub'], user: { role_id: 2 } });
  const user = userEvent.setup({ delay: null });
  return {
    ...view,
    http,
    user,
    /** The JSON bodies sent with PUT `path` (admin API). */
    puts: (path: string) => http.bodiesOf('PUT', `${ADMIN_API}/${path}`),
  };
}

/** Replaces a field's text the way pasting it would (one input event). */
export async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
}

/** The Save button of the form around `within` (the page's only one by default). */
export const saveButton = (index = 0) => screen.getAllByRole('button', { name: 'Save' })[index]!;

/** Whether closing the tab now would ask first (the leave guard holds it while a form is dirty). */
export function closingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** Opens the antd select labelled `label`, types `search` when given, and picks the option showing `option`. */
export async function choose(user: User, label: string, option: string, search?: string) {
  const select = await screen.findByRole('combobox', { name: label });
  await user.click(select);
  if (search) await user.type(select, search);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option || el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await user.click(item);
}
