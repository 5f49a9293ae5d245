// Leaving a page with unsaved text asks first: in-app links, back/forward and closing or
// reloading the tab. No antd here: forms of antd-free pages (comments) use the hook, and the provider is
// mounted on every page by the shell; the dialog, which is antd, loads the first time it opens.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

const LeaveDialog = lazy(() => import('./leave-dialog'));

/** The forms that hold unsaved text right now, by hook instance. */
type Registry = Map<string, boolean>;

const LeaveGuardContext = createContext<Registry | null>(null);

const anyActive = (registry: Registry) => [...registry.values()].some(Boolean);

/**
 * Whether a navigation leaves the page: a member's own PUSH (link, navigate) or POP (back, forward) to
 * another path. A new query or hash is the same page in another order or page of a list, or scrolled (the
 * forms stay); REPLACE navigations are the app correcting the address of the page being shown (canonical
 * slug, a refused edit).
 */
function leavesPage({ currentLocation, nextLocation, historyAction }: Parameters<BlockerFunction>[0]) {
  return historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname;
}

/**
 * The one navigation blocker of the app and its confirmation dialog. react-router consults only one
 * blocker per router (the last registered), so forms never call useBlocker themselves: each
 * useLeaveGuard registers its state here, and this blocker holds a navigation while any form is dirty.
 * Needs a data router (createBrowserRouter / createMemoryRouter); the shell mounts it once around every
 * route, so every remote and plugin page is covered.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const [registry] = useState<Registry>(() => new Map());
  const shouldBlock = useCallback<BlockerFunction>((args) => anyActive(registry) && leavesPage(args), [registry]);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyActive(registry)) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry]);

  return (
    <LeaveGuardContext.Provider value={registry}>
      {children}
      {blocker.state === 'blocked' && (
        <Suspense fallback={null}>
          <LeaveDialog onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} />
        </Suspense>
      )}
    </LeaveGuardContext.Provider>
  );
}

export interface LeaveGuard {
  /** Lets navigations through until the form holds unsaved text again (call it after a successful send). */
  release(): void;
}

/**
 * While `dirty`, leaving the page asks 'Are you sure you want to leave the page?' / 'Your changes may not
 * be saved.': in-app links and back/forward get the app's dialog (Stay keeps the page and its text, Leave
 * goes on), closing or reloading the tab gets the browser's own prompt. Needs LeaveGuardProvider above.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const registry = useContext(LeaveGuardContext);
  if (!registry) throw new Error('useLeaveGuard needs a <LeaveGuardProvider> (the shell mounts one)');
  const id = useId();

  useEffect(() => {
    registry.set(id, dirty);
  }, [registry, id, dirty]);
  useEffect(() => () => void registry.delete(id), [registry, id]);

  const release = useCallback(() => registry.set(id, false), [registry, id]);
  return useMemo(() => ({ release }), [release]);
}
