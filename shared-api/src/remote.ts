import type { CoreRemote } from './contract/remotes';
import { createReportingRoot, type SingletonSources } from './diagnostics';
import type { RemoteRoutes } from './screens';

/** The part of i18next a remote needs to add its namespace. */
interface TranslationTarget {
  addResourceBundle(lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean): unknown;
}

export interface RemoteDefinition<R extends CoreRemote> {
  remote: R;
  /** The remote's OWN imports of the singletons (its `i18n` also receives the translations). */
  sources: SingletonSources & { i18n: TranslationTarget };
  /** The remote's i18n resources by language; the namespace is the remote's name. */
  translations: Record<string, object>;
  screens: RemoteRoutes<R>['screens'];
}

/** Builds what a core remote exposes as `./routes`: its screens, a reporting root and its translations. */
export function defineRemoteRoutes<R extends CoreRemote>({
  remote,
  sources,
  translations,
  screens,
}: RemoteDefinition<R>): RemoteRoutes<R> {
  return {
    remote,
    Root: createReportingRoot(remote, sources),
    registerTranslations: () => {
      for (const [language, resources] of Object.entries(translations)) {
        sources.i18n.addResourceBundle(language, remote, resources, true, true);
      }
    },
    screens,
  };
}
