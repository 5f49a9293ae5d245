import type { PluginModule } from '@agora/shared-api';
import { Suspense, use, useState, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useParams } from 'react-router-dom';
import { ErrorView } from '../app/pages/error-view';
import { ScreenLoading } from '../app/screen-loading';
import { classifyLoadError } from './load-error';
import { findPlugin, loadPlugin } from './registry';
import { RemoteErrorPanel } from './remote-error-panel';

type Loaded = { found: true; Component: ComponentType } | { found: false };

const cache = new Map<string, Promise<Loaded>>();
/** Plugins whose next load bypasses the federation runtime's cache (after a failure and a retry). */
const forceNext = new Set<string>();

function pluginComponent(slug: string): Promise<Loaded> {
  let promise = cache.get(slug);
  if (!promise) {
    const force = forceNext.delete(slug);
    promise = findPlugin(slug).then(async (plugin): Promise<Loaded> => {
      if (!plugin) return { found: false };
      const module = await loadPlugin<PluginModule>(plugin, force);
      if (typeof module.default !== 'function' && typeof module.default !== 'object') {
        throw new Error(`${plugin.name}${plugin.module.slice(1)} has no default export`);
      }
      return { found: true, Component: module.default };
    });
    promise.catch(() => cache.delete(slug));
    cache.set(slug, promise);
  }
  return promise;
}

function LoadedPlugin({ slug }: { slug: string }) {
  const loaded = use(pluginComponent(slug));
  if (!loaded.found) return <ErrorView page={404} />;
  const { Component } = loaded;
  // The component comes from a module cache keyed by slug, so its identity is stable.
  return <Component />;
}

/**
 * /admin/{slug_name}: a plugin remote's own page. Only plugins the server lists are loaded; an unknown
 * slug shows the 404 page. Inside its own Suspense and error boundary with a retry, like core remotes.
 */
export function PluginScreen() {
  const { slug_name: slug = '' } = useParams();
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKeys={[attempt, slug]}
      fallbackRender={({ error }) => (
        <RemoteErrorPanel
          remote={slug}
          error={error}
          onRetry={() => {
            cache.delete(slug);
            if (classifyLoadError(error) !== 'render') forceNext.add(slug);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<ScreenLoading />}>
        <LoadedPlugin key={`${slug}:${attempt}`} slug={slug} />
      </Suspense>
    </ErrorBoundary>
  );
}
