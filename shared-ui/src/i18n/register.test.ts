import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import badge_en_US from './badge.en_US.json';
import badge_zh_CN from './badge.zh_CN.json';
import en_US from './en_US.json';
import zh_CN from './zh_CN.json';
import { registerSharedUiTranslations, SHARED_UI_NS } from './register';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('shared-ui translations', () => {
  it('zh_CN has exactly the en_US keys', () => {
    expect(keys(zh_CN).sort()).toEqual(keys(en_US).sort());
    expect(keys(badge_zh_CN).sort()).toEqual(keys(badge_en_US).sort());
  });

  it('are added to an initialised instance under the shared-ui namespace without clobbering it', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en_US', resources: { en_US: { shell: { hello: 'Hello' } } } });
    registerSharedUiTranslations(instance);
    expect(instance.t('empty_list', { ns: SHARED_UI_NS })).toBe(en_US.empty_list);
    expect(instance.t('hello', { ns: 'shell' })).toBe('Hello');
    await instance.changeLanguage('zh_CN');
    expect(instance.t('loading', { ns: SHARED_UI_NS })).toBe('加载中');
  });

  it('wait for init when registered before it', async () => {
    const instance = i18next.createInstance();
    registerSharedUiTranslations(instance);
    await instance.init({ lng: 'en_US', resources: {} });
    expect(instance.t('pagination.next', { ns: SHARED_UI_NS })).toBe('Next');
  });

  it('registering twice is harmless', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en_US', resources: {} });
    registerSharedUiTranslations(instance);
    registerSharedUiTranslations(instance);
    expect(instance.t('sort.more', { ns: SHARED_UI_NS })).toBe('More');
  });
});
