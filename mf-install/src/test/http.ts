import { mockFetch as mockSiteFetch, type Handler } from '@agora/shared-api/testing';

export { deferred, envelope, type Handler, type RecordedCall } from '@agora/shared-api/testing';

/** What siteinfo says while the server runs in install mode (the part the wizard reads). */
export const INSTALL_MODE_SITEINFO = { installed: false, general: { name: '' } };

/** The shared fetch mock, with siteinfo answering as in install mode unless the routes say otherwise. */
export function mockFetch(routes: Record<string, Handler>) {
  return mockSiteFetch(routes, { siteinfo: INSTALL_MODE_SITEINFO });
}
