import { LeaveGuardProvider } from '@agora/shared-ui';
import type { ReactNode } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AdminGuard, RouteGuard } from '../../guards/route-guard';
import { PluginScreen } from '../../remotes/plugin-screen';
import { RemoteScreen } from '../../remotes/remote-screen';
import { SessionSync } from '../../session/session-sync';
import { DialogHost } from '../dialogs/dialog-host';
import { ErrorBridge } from '../error-bridge';
import { MainLayout } from '../layouts/main-layout';
import { SecondLayout } from '../layouts/second-layout';
import { SideLayout } from '../layouts/side-layout';
import { ErrorView } from '../pages/error-view';
import { MaintenancePage } from '../pages/maintenance-page';
import { MentionAlias } from '../pages/mention-alias';
import { toRouteObjects } from './route-objects';
import { isRemoteOwner, ROUTES, type LayoutName, type RouteDef, type ShellPage } from './route-table';

const LAYOUTS: Record<LayoutName, () => ReactNode> = {
  main: () => <MainLayout />,
  side: () => <SideLayout />,
  second: () => <SecondLayout />,
};

const SHELL_PAGES: Record<ShellPage, () => ReactNode> = {
  'not-found': () => <ErrorView page={404} />,
  maintenance: () => <MaintenancePage />,
  plugin: () => <PluginScreen />,
  'mention-alias': () => <MentionAlias />,
};

function renderRoute(def: RouteDef): ReactNode {
  let element: ReactNode = null;
  if (def.layout) element = LAYOUTS[def.layout]();
  else if (isRemoteOwner(def.owner)) element = <RemoteScreen remote={def.owner.remote} screen={def.owner.screen} />;
  else if (def.owner) element = SHELL_PAGES[def.owner.shell]();
  if (def.guard === 'admin') return <AdminGuard>{element}</AdminGuard>;
  if (def.guard) return <RouteGuard name={def.guard}>{element}</RouteGuard>;
  return element;
}

/** What every page has around its routes: error handling, session upkeep, the shell's dialogs, the leave guard. */
function AppFrame() {
  return (
    <LeaveGuardProvider>
      <ErrorBridge />
      <SessionSync />
      <Outlet />
      <DialogHost />
    </LeaveGuardProvider>
  );
}

/**
 * The one router's routes: the route table inside the app's frame. A page that throws while rendering (remote
 * screens have their own boundary; this catches the shell's own pages and layouts) shows the 50X page.
 */
export const APP_ROUTES: RouteObject[] = [
  { element: <AppFrame />, errorElement: <ErrorView page="50X" />, children: toRouteObjects(ROUTES, renderRoute) },
];

/**
 * The one router. A data router, so that useBlocker works (leave guard): every remote and plugin page is
 * routed inside it.
 */
export const createAppRouter = () => createBrowserRouter(APP_ROUTES);
