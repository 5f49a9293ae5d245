import { renderScreen } from '@agora/shared-ui/testing';
import type { ComponentType } from 'react';

export { currentLocation } from '@agora/shared-ui/testing';

/** The admin API prefix and the public one, as the mocked fetch sees them. */
export const ADMIN = '/answer/admin/api';
export const V1 = '/answer/api/v1';

/** An admin screen as the shell mounts it at `url` (route `route`), the administrator logged in (role 2). */
export const renderAdmin = (Screen: ComponentType, url: string, route = url.split('?')[0] ?? url) =>
  renderScreen(Screen, {
    url,
    routes: [route],
    user: { id: '1', role_id: 2, username: 'admin', display_name: 'Admin' },
  });
