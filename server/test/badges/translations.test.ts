import { describe, expect, it } from 'vitest';
import { BADGE_CATALOGUE, BADGE_GROUPS } from '../../src/db/migrations/20261127090100_badges';
import { catalogOf } from '../../src/i18n';

type Catalog = { [key: string]: string | Catalog };

/** The text of a key in one language's own catalogue: no fallback to English. */
function own(lang: 'en_US' | 'zh_CN', key: string): string | undefined {
  let node: string | Catalog | undefined = catalogOf(lang);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('badge texts in zh_CN', () => {
  it('every badge has its own zh_CN name and description, not the English ones', () => {
    for (const seed of BADGE_CATALOGUE) {
      for (const part of ['name', 'desc']) {
        const key = `badge.${seed.key}.${part}`;
        const zh = own('zh_CN', key);
        expect(zh, key).toBeTruthy();
        expect(zh, key).not.toBe(own('en_US', key));
      }
    }
  });

  it('every badge group has its own zh_CN name', () => {
    for (const group of BADGE_GROUPS) {
      const zh = own('zh_CN', group.name);
      expect(zh, group.name).toBeTruthy();
      expect(zh, group.name).not.toBe(own('en_US', group.name));
    }
  });
});
