import type { CoreRemote } from './contract/remotes';
import { createReportingRoot, type SingletonSources } from './diagnostics';
import type { RemoteRoutes } from './screens';

/** The part of i18next a remote needs to add its namespace. */
interface TranslationTarget {
  addResourceBundle(lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean): unknown;
  hasResourceBundle(lng: string, ns: string): boolean;
  readonly language: string;
  on(event: 'languageChanged', callback: (lng: string) => void): unknown;
  changeLanguage(lng: string): Promise<unknown>;
}

/**
 * A language's resources, or a loader of them: a language that is not the default can load on demand
 * (its texts then stay off the first page of readers of the default language).
 */
export type RemoteTranslations = object | (() => Promise<object>);

export interface RemoteDefinition<R extends CoreRemote> {
  remote: R;
  /** The remote's OWN imports of the singletons (its `i18n` also receives the translations). */
  sources: SingletonSources & { i18n: TranslationTarget };
  /** The remote's i18n resources (or their loaders) by language; the namespace is the remote's name. */
  translations: Record<string, RemoteTranslations>;
  screens: RemoteRoutes<R>['screens'];
}

/** Builds what a core remote exposes as `./routes`: its screens, a reporting root and its translations. */
export function defineRemoteRoutes<R extends CoreRemote>({
  remote,
  sources,
  translations,
  screens,
}: RemoteDefinition<R>): RemoteRoutes<R> {
  /** The i18next instances whose language changes this remote follows. */
  const subscribed = new WeakSet<object>();
  return {
    remote,
    Root: createReportingRoot(remote, sources),
    registerTranslations: async () => {
      const i18n = sources.i18n;
      /** Adds a language's bundle unless it is there; true when it was added. */
      const add = async (language: string) => {
        const entry = translations[language];
        if (!entry || i18n.hasResourceBundle(language, remote)) return false;
        i18n.addResourceBundle(language, remote, typeof entry === 'function' ? await entry() : entry, true, true);
        return true;
      };
      for (const [language, entry] of Object.entries(translations))
        if (typeof entry !== 'function') await add(language);
      // The reader's language before the first screen renders; another one when the reader switches to it
      // (then the language is set again so that mounted screens render in it).
      await add(i18n.language);
      if (subscribed.has(i18n)) return;
      subscribed.add(i18n);
      i18n.on('languageChanged', (language) => {
        void add(language).then((added) => added && i18n.changeLanguage(language));
      });
    },
    screens,
  };
}
