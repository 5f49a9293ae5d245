import type { ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES, type RouteDef } from './route-table';

/** Turns the route table into react-router route objects; each keeps its definition as `handle`. */
export function toRouteObjects(defs: readonly RouteDef[], render: (def: RouteDef) => ReactNode): RouteObject[] {
  return defs.map((def): RouteObject => {
    const element = render(def);
    if (def.index) return { index: true, element, handle: def };
    return {
      path: def.path,
      element,
      handle: def,
      children: def.children ? toRouteObjects(def.children, render) : undefined,
    };
  });
}

let plain: RouteObject[] | null = null;

/** The chain of route definitions a path matches, outermost first (empty when nothing matches). */
export function matchRouteDefs(pathname: string, defs: readonly RouteDef[] = ROUTES): RouteDef[] {
  const objects = defs === ROUTES ? (plain ??= toRouteObjects(ROUTES, () => null)) : toRouteObjects(defs, () => null);
  return (matchRoutes(objects, pathname) ?? []).map((match) => match.route.handle as RouteDef);
}
