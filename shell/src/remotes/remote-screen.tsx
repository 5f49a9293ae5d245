import type { CoreRemote, RemoteRoutes } from '@agora/shared-api';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ScreenLoading } from '../app/screen-loading';
import { classifyLoadError } from './load-error';
import { RemoteErrorPanel } from './remote-error-panel';
import { loadCoreRemote } from './registry';
import type { ScreenId } from '../app/router/screen-ids';

const routesCache = new Map<CoreRemote, Promise<RemoteRoutes<CoreRemote>>>();
const screenCache = new Map<string, Promise<ComponentType>>();
/** One lazy component per remote/screen, made from the promise above (stable identity across renders). */
const viewCache = new Map<string, LazyExoticComponent<ComponentType>>();
/** Remotes whose next load must bypass the federation runtime's cache (after a failure and a retry). */
const forceNext = new Set<CoreRemote>();

function remoteRoutes(remote: CoreRemote): Promise<RemoteRoutes<CoreRemote>> {
  let promise = routesCache.get(remote);
  if (!promise) {
    const force = forceNext.delete(remote);
    promise = loadCoreRemote<{ default: RemoteRoutes<CoreRemote> }>(remote, './routes', force).then(async (module) => {
      const routes = module.default;
      if (!routes?.screens) throw new Error(`${remote}/routes does not export its routes as default`);
      await routes.registerTranslations?.();
      return routes;
    });
    promise.catch(() => routesCache.delete(remote));
    routesCache.set(remote, promise);
  }
  return promise;
}

function screenComponent<R extends CoreRemote>(remote: R, screen: ScreenId<R>): Promise<ComponentType> {
  const key = `${remote}/${screen}`;
  let promise = screenCache.get(key);
  if (!promise) {
    promise = remoteRoutes(remote).then(async (routes) => {
      const loader = (routes.screens as Record<string, (() => Promise<{ default: ComponentType }>) | undefined>)[
        screen
      ];
      if (!loader) throw new Error(`${remote} does not provide the screen ${screen}`);
      const Screen = (await loader()).default;
      const { Root } = routes;
      if (!Root) return Screen;
      const Wrapped = () => (
        <Root>
          <Screen />
        </Root>
      );
      Wrapped.displayName = `${remote}(${screen})`;
      return Wrapped;
    });
    promise.catch(() => screenCache.delete(key));
    screenCache.set(key, promise);
  }
  return promise;
}

/** Forgets a failed or crashed screen so that the next render loads it afresh. */
function forgetScreen(remote: CoreRemote, screen: string, error: unknown): void {
  screenCache.delete(`${remote}/${screen}`);
  viewCache.delete(`${remote}/${screen}`);
  if (classifyLoadError(error) !== 'render') {
    routesCache.delete(remote);
    forceNext.add(remote);
  }
}

/** Starts loading a remote screen ahead of navigation (hover, focus). Failures surface on navigation. */
export function preloadScreen<R extends CoreRemote>(remote: R, screen: ScreenId<R>): void {
  screenComponent(remote, screen).catch(() => undefined);
}

function screenView<R extends CoreRemote>(remote: R, screen: ScreenId<R>): LazyExoticComponent<ComponentType> {
  const key = `${remote}/${screen}`;
  let view = viewCache.get(key);
  if (!view) {
    view = lazy(() => screenComponent(remote, screen).then((Component) => ({ default: Component })));
    viewCache.set(key, view);
  }
  return view;
}

function LoadedScreen<R extends CoreRemote>({ remote, screen }: { remote: R; screen: ScreenId<R> }) {
  // The component comes from a cache keyed by remote/screen, so its identity is stable.
  const View = screenView(remote, screen);
  // eslint-disable-next-line react-hooks/static-components
  return <View />;
}

/**
 * One remote screen inside its own Suspense and error boundary: when the remote is down, 404s or
 * throws, only this area shows an error panel with a retry; the header, navigation and other remotes
 * keep working.
 */
export function RemoteScreen<R extends CoreRemote>({ remote, screen }: { remote: R; screen: ScreenId<R> }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKeys={[attempt, remote, screen]}
      fallbackRender={({ error }) => (
        <RemoteErrorPanel
          remote={remote}
          error={error}
          onRetry={() => {
            forgetScreen(remote, screen, error);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<ScreenLoading />}>
        <LoadedScreen key={attempt} remote={remote} screen={screen} />
      </Suspense>
    </ErrorBoundary>
  );
}
