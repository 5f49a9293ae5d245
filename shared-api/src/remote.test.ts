import { describe, expect, it, vi } from 'vitest';
import { defineRemoteRoutes } from './remote';

/** The part of i18next defineRemoteRoutes uses: bundles by language and namespace, language changes. */
function fakeI18n(language: string) {
  const bundles = new Map<string, object>();
  const listeners: ((lng: string) => void)[] = [];
  const i18n = {
    language,
    bundles,
    addResourceBundle: (lng: string, ns: string, resources: object) => bundles.set(`${lng}/${ns}`, resources),
    hasResourceBundle: (lng: string, ns: string) => bundles.has(`${lng}/${ns}`),
    on: (_event: 'languageChanged', callback: (lng: string) => void) => listeners.push(callback),
    changeLanguage: vi.fn(async (lng: string) => {
      i18n.language = lng;
      listeners.forEach((listener) => listener(lng));
    }),
  };
  return i18n;
}

function define(i18n: ReturnType<typeof fakeI18n>, loadChinese: () => Promise<object>) {
  return defineRemoteRoutes({
    remote: 'mf_review',
    sources: { i18n } as never,
    translations: { en_US: { hello: 'Hello' }, zh_CN: loadChinese },
    screens: { review: async () => ({ default: () => null }) },
  });
}

describe('defineRemoteRoutes translations', () => {
  it('adds the default language at once and loads another one only when the reader uses it', async () => {
    const i18n = fakeI18n('en_US');
    const loadChinese = vi.fn(async () => ({ hello: '你好' }));
    const routes = define(i18n, loadChinese);
    await routes.registerTranslations?.();
    expect(i18n.bundles.get('en_US/mf_review')).toEqual({ hello: 'Hello' });
    expect(loadChinese).not.toHaveBeenCalled();

    await i18n.changeLanguage('zh_CN');
    await vi.waitFor(() => expect(i18n.bundles.get('zh_CN/mf_review')).toEqual({ hello: '你好' }));
    // The language is set once more after the bundle arrived, so mounted screens render in it; no loop.
    await vi.waitFor(() => expect(i18n.changeLanguage).toHaveBeenCalledTimes(2));
    expect(loadChinese).toHaveBeenCalledTimes(1);
  });

  it('loads the reader’s language before the first screen renders', async () => {
    const i18n = fakeI18n('zh_CN');
    const routes = define(i18n, async () => ({ hello: '你好' }));
    await routes.registerTranslations?.();
    expect(i18n.bundles.get('zh_CN/mf_review')).toEqual({ hello: '你好' });
    // Registering again (another screen of the remote) subscribes once.
    await routes.registerTranslations?.();
    await i18n.changeLanguage('en_US');
    expect(i18n.changeLanguage).toHaveBeenCalledTimes(1);
  });
});
