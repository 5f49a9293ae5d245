import { ROUTES, type RouteDef } from '../../../shell/src/app/router/route-table';
import type { Role, SiteObjects } from './fixture';

/** A screen to check: who renders it, the address it is opened at, and the roles that may see it. */
export interface Screen {
  /** `mf_qa/question-detail`, `shell/not-found`, ... */
  id: string;
  url: string;
  roles: Role[];
}

const EVERYONE: Role[] = ['visitor', 'member', 'moderator', 'administrator'];
const MEMBERS: Role[] = ['member', 'moderator', 'administrator'];

/** Who passes each of the route table's guards (the roles checked here are all active accounts). */
const GUARD_ROLES: Record<string, Role[]> = {
  activated: MEMBERS,
  logged: MEMBERS,
  adminOrModerator: ['moderator', 'administrator'],
  admin: ['administrator'],
  loginPage: ['visitor'],
  register: ['visitor'],
  notLogged: ['visitor'],
  // Only for accounts not activated, or suspended: none of the roles here.
  notActivated: [],
  forbiddenOnly: [],
};

/**
 * Screens no role here sees at an address of its own: the installer answers only on a site not yet installed
 * (checked on a site of its own), the mention alias only redirects to a profile.
 */
const ELSEWHERE = new Set(['mf_install/install', 'shell/mention-alias']);

/** Fills a route's parameters with the site's objects. */
function concrete(path: string, objects: SiteObjects): string {
  const values: Record<string, string> = {
    qid: objects.questionId,
    slugPermalink: objects.questionSlug,
    aid: objects.answerId,
    tagName: objects.tagSlug,
    tagId: objects.tagId,
    tid: objects.tagId,
    username: objects.memberName,
    tabName: 'answers',
    setting: 'profile',
    type: 'inbox',
    subType: 'all',
    badgeId: objects.badgeId,
    user_id: objects.memberId,
    slug_name: 'hello',
  };
  const filled = path
    .replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`no value for the route parameter :${name}`);
      return value;
    })
    .replace(/\/\*$/, '');
  return filled === '*' ? '/no/such/page' : `/${filled}`;
}

/**
 * Every screen of the route table (the shell's pages and each remote's screens), once, at the first address
 * that routes to it, with the roles its guards (and its parents') let in.
 */
export function everyScreen(objects: SiteObjects): Screen[] {
  const found = new Map<string, Screen>();
  const walk = (routes: RouteDef[], parentPath: string, parentRoles: Role[]) => {
    for (const route of routes) {
      const own = route.path ?? '';
      const path = [parentPath, own].filter(Boolean).join('/');
      const guarded = route.guard ? GUARD_ROLES[route.guard] : undefined;
      if (route.guard && !guarded) throw new Error(`a11y screens: no roles known for the guard ${route.guard}`);
      const roles = guarded ? parentRoles.filter((role) => guarded.includes(role)) : parentRoles;
      const owner = route.owner;
      if (owner && (route.path !== undefined || route.index)) {
        const id = 'remote' in owner ? `${owner.remote}/${owner.screen}` : `shell/${owner.shell}`;
        // The admin layout is the frame of every admin page, checked with them.
        if (!found.has(id) && !ELSEWHERE.has(id) && roles.length > 0 && id !== 'mf_admin/admin-layout') {
          found.set(id, { id, url: concrete(path || '', objects).replace(/^\/$/, '/'), roles });
        }
      }
      if (route.children) walk(route.children, path, roles);
    }
  };
  walk(ROUTES, '', EVERYONE);
  return [...found.values()];
}
