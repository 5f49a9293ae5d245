import type { AdminAuditItem, AdminAuditPage } from '@agora/shared-api/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { ADMIN_API, type AdminSite, type Reply } from '../admin-users/helpers';

/** The client address the administrator's requests come from in these tests. */
export const ADMIN_IP = '203.0.113.7';

/** Admin API calls of `s` from ADMIN_IP (or `ip`), as the administrator unless `token` names another. */
export function auditCalls(s: AdminSite) {
  const admin = <T = unknown>(
    method: InjectOptions['method'],
    path: string,
    payload?: unknown,
    { token = s.admin.token, ip = ADMIN_IP }: { token?: string; ip?: string } = {},
  ): Promise<Reply<T>> =>
    s.call<T>({
      method,
      url: `${ADMIN_API}${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      token,
      remoteAddress: ip,
    });

  /** GET audit/page with this query string. */
  const page = async (query = '') => {
    const res = await admin<AdminAuditPage>('GET', `/audit/page${query ? `?${query}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  /** The newest entry (of `action`, when named). */
  const latest = async (action?: string): Promise<AdminAuditItem> => {
    const { list } = await page(`page_size=1${action ? `&action=${action}` : ''}`);
    expect(list, `an entry of ${action ?? 'any kind'}`).toHaveLength(1);
    return list[0]!;
  };

  /** Every stored row, raw (to look for secrets in what the API does not show). */
  const rawRows = async () => JSON.stringify(await s.db.selectFrom('admin_audit').selectAll().execute());

  /** How many entries there are. */
  const count = async () => (await page('page_size=1')).count;

  return { admin, page, latest, rawRows, count };
}
