import type { PluginModule } from '@agora/shared-api';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useParams } from 'react-router-dom';
import { ScreenLoading } from '../app/screen-loading';
import { classifyLoadError } from './load-error';
import { PluginNotInstalled } from './plugin-not-installed';
import { findPlugin, loadPlugin } from './registry';
import { RemoteErrorPanel } from './remote-error-panel';

/** One lazy component per slug; dropped after a failure so that a retry loads it afresh. */
const views = new Map<string, LazyExoticComponent<ComponentType>>();
/** Plugins whose next load bypasses the federation runtime's cache (after a load failure and a retry). */
const forceNext = new Set<string>();

function pluginView(slug: string): LazyExoticComponent<ComponentType> {
  let view = views.get(slug);
  if (!view) {
    const force = forceNext.delete(slug);
    view = lazy<ComponentType>(async () => {
      const plugin = await findPlugin(slug);
      if (!plugin) return { default: () => <PluginNotInstalled slug={slug} /> };
      const module = await loadPlugin<PluginModule>(plugin, force);
      if (!module.default) throw new Error(`${plugin.name}${plugin.module.slice(1)} has no default export`);
      return { default: module.default };
    });
    views.set(slug, view);
  }
  return view;
}

function PluginView({ slug }: { slug: string }) {
  // The component comes from a cache keyed by slug, so its identity is stable across renders.
  const View = pluginView(slug);
  // eslint-disable-next-line react-hooks/static-components
  return <View />;
}

/**
 * /admin/{slug_name}: a plugin remote's own page. Only plugins the server lists are loaded; an unknown
 * slug says that no such plugin is installed, inside the admin layout. Inside its own Suspense and error
 * boundary with a retry, like core remotes.
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
            views.delete(slug);
            if (classifyLoadError(error) !== 'render') forceNext.add(slug);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<ScreenLoading />}>
        <PluginView key={`${slug}:${attempt}`} slug={slug} />
      </Suspense>
    </ErrorBoundary>
  );
}
