// The browser-side surface of react-router that the product shares across federation boundaries.
//
// Module Federation shares whole modules and never tree-shakes them: sharing react-router as it ships
// puts all of it (data routers, framework mode, server rendering, sessions, RSC: ~60 KB gzip) on the
// first page. Builds made with the factory alias both `react-router` and `react-router-dom` to this
// facade, so the shared singleton is this module and rspack tree-shakes react-router down to the
// exports listed here. Add an export here when a screen needs it (plugins built with the factory get
// the same surface). The shell's router is a data router (createBrowserRouter + RouterProvider) so that
// useBlocker can hold a navigation (the leave guard); the component routers (BrowserRouter, HashRouter,
// MemoryRouter) are left out: a second router inside the shell's cannot work, and they cost page weight.
export {
  createBrowserRouter,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  parsePath,
  resolvePath,
  Route,
  Router,
  RouterProvider,
  Routes,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  useBeforeUnload,
  useBlocker,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'agora-react-router-impl';
