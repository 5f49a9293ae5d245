import { lazy, Suspense, type ComponentType, type JSX, type ReactNode } from 'react';

/**
 * A component whose module (and whatever it imports, antd above all) is fetched the first time it is
 * rendered, not with the page: for dialogs, menus and forms that pages such as the question page show only
 * after a click. Renders `fallback` (nothing by default) while the module loads.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return OnDemand;
}
