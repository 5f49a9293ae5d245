import { expect } from 'vitest';
import type { DemoAccount } from '../../src/demo';
import type { TestDatabase } from '../db/databases';
import { profileSite, type ProfileSite } from './helpers';

// The demo site the profile read suites look at, and the paging helper they share.

export const V1 = '/answer/api/v1';

interface Page<T> {
  count: number;
  list: T[];
}

/** A profile site with the demo content, and its members (role member). */
export async function demoProfileReads(target: TestDatabase): Promise<{ site: ProfileSite; members: DemoAccount[] }> {
  const site = await profileSite(target);
  return { site, members: site.demo!.accounts.filter((a) => a.role === 'member') };
}

/** Every item of a paged list (page size 100), each page answered 200. */
export function pagedList(site: () => ProfileSite) {
  return async function all<T>(url: string, token?: string): Promise<T[]> {
    const s = site();
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const sep = url.includes('?') ? '&' : '?';
      const res = await s.call<Page<T>>({ method: 'GET', url: `${url}${sep}page=${page}&page_size=100`, token });
      expect(res.status).toBe(200);
      out.push(...res.body.data.list);
      if (out.length >= res.body.data.count || res.body.data.list.length === 0) break;
    }
    return out;
  };
}
