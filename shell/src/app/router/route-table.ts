import type { CoreRemote } from '@agora/shared-api';
import type { ScreenId } from './screen-ids';
import type { GuardName } from '../../guards/guards';

/** A screen of a core remote: the remote renders it; the shell only routes to it. */
export type RemoteOwner = { [R in CoreRemote]: { remote: R; screen: ScreenId<R> } }[CoreRemote];
/** Pages the shell renders itself. */
export type ShellPage = 'not-found' | 'maintenance' | 'plugin' | 'mention-alias';
export type RouteOwner = RemoteOwner | { shell: ShellPage };

/**
 * main: header, content, footer, application setup and the global guards.
 * side: the side navigation beside the content (inside main).
 * second: header, content and footer without guards.
 */
export type LayoutName = 'main' | 'side' | 'second';

export interface RouteDef {
  /** Relative to the parent (no leading slash). Absent for layout routes. */
  path?: string;
  index?: true;
  layout?: LayoutName;
  owner?: RouteOwner;
  guard?: GuardName;
  children?: RouteDef[];
}

const qa = (screen: ScreenId<'mf_qa'>): RemoteOwner => ({ remote: 'mf_qa', screen });
const users = (screen: ScreenId<'mf_users'>): RemoteOwner => ({ remote: 'mf_users', screen });
const admin = (screen: ScreenId<'mf_admin'>): RemoteOwner => ({ remote: 'mf_admin', screen });

/** Admin sub-routes whose path is the screen id (the dashboard is also the index). */
const ADMIN_PAGES = [
  'dashboard',
  'answers',
  'flags',
  'themes',
  'css-html',
  'general',
  'interface',
  'questions',
  'users',
  'smtp',
  'branding',
  'legal',
  'write',
  'seo',
  'login',
  'settings-users',
  'privileges',
  'installed-plugins',
  'badges',
  'audit',
] as const satisfies readonly ScreenId<'mf_admin'>[];

/**
 * The one route table: every page path of the site (the main pages and the admin pages), its layout, its guard
 * and who renders it. A remote's screen is named by the id in that remote's screen list (see screen-ids.ts).
 */
export const ROUTES: RouteDef[] = [
  {
    layout: 'main',
    children: [
      {
        layout: 'side',
        children: [
          { index: true, owner: qa('question-list') },
          { path: 'questions', owner: qa('question-list') },
          { path: 'questions/ask', owner: qa('question-ask'), guard: 'activated' },
          { path: 'posts/:qid/edit', owner: qa('question-edit'), guard: 'activated' },
          // The remote runs the editable check (revisions/edit/check) once the answer is loaded.
          { path: 'posts/:qid/:aid/edit', owner: qa('answer-edit'), guard: 'activated' },
          { path: 'questions/:qid', owner: qa('question-detail') },
          { path: 'questions/:qid/:slugPermalink', owner: qa('question-detail') },
          { path: 'questions/:qid/:slugPermalink/:aid', owner: qa('question-detail') },
          { path: 'search', owner: qa('search') },
          { path: 'tags', owner: qa('tag-list') },
          { path: 'tags/create', owner: qa('tag-create'), guard: 'adminOrModerator' },
          { path: 'tags/:tagName', owner: qa('tag-page') },
          { path: 'tags/:tagName/info', owner: qa('tag-info') },
          { path: 'tags/:tagId/edit', owner: qa('tag-edit'), guard: 'activated' },
          { path: 'posts/:qid/timeline', owner: qa('timeline'), guard: 'logged' },
          { path: 'posts/:qid/:aid/timeline', owner: qa('timeline'), guard: 'logged' },
          { path: 'tags/:tid/timeline', owner: qa('timeline'), guard: 'logged' },
          { path: 'users', owner: users('user-list') },
          { path: 'users/:username', owner: users('profile') },
          { path: 'users/:username/:tabName', owner: users('profile') },
          { path: 'users/settings', owner: users('settings'), guard: 'logged' },
          { path: 'users/settings/:setting', owner: users('settings'), guard: 'logged' },
          { path: 'users/notifications/:type', owner: users('notifications'), guard: 'logged' },
          { path: 'users/notifications/:type/:subType', owner: users('notifications'), guard: 'logged' },
          { path: 'badges', owner: users('badges') },
          { path: 'badges/:badgeId', owner: users('badge') },
          { path: 'review', owner: { remote: 'mf_review', screen: 'review' } },
        ],
      },
      { path: 'users/login', owner: users('login'), guard: 'loginPage' },
      { path: 'users/register', owner: users('register'), guard: 'register' },
      { path: 'users/account-recovery', owner: users('account-recovery'), guard: 'notLogged' },
      { path: 'users/change-email', owner: users('change-email') },
      { path: 'users/password-reset', owner: users('password-reset') },
      { path: 'users/account-activation', owner: users('account-activation') },
      { path: 'users/account-activation/success', owner: users('activation-success'), guard: 'activated' },
      { path: 'users/account-activation/failed', owner: users('activation-failed'), guard: 'notActivated' },
      { path: 'users/confirm-new-email', owner: users('confirm-new-email') },
      { path: 'users/account-suspended', owner: users('account-suspended'), guard: 'forbiddenOnly' },
      { path: 'users/confirm-email', owner: users('confirm-email') },
      { path: 'users/auth-landing', owner: users('auth-landing') },
      { path: 'user-center/auth', owner: users('user-center-auth'), guard: 'notLogged' },
      { path: 'user-center/auth-failed', owner: users('user-center-auth-failed') },
      {
        path: 'admin',
        owner: admin('admin-layout'),
        guard: 'admin',
        children: [
          { index: true, owner: admin('dashboard') },
          ...ADMIN_PAGES.map((screen): RouteDef => ({ path: screen, owner: admin(screen) })),
          { path: 'users/:user_id', owner: admin('user-detail') },
          // A plugin's own page: looked up in the server's remote list at runtime.
          // A plugin owns everything under its slug: deep links reach its own routes.
          { path: ':slug_name/*', owner: { shell: 'plugin' } },
        ],
      },
      // Mentions in comments link to /u/{name}; they lead to the profile.
      { path: 'u/:username', owner: { shell: 'mention-alias' } },
      { path: '*', owner: { shell: 'not-found' } },
    ],
  },
  {
    layout: 'second',
    children: [
      { path: 'tos', owner: users('tos') },
      { path: 'privacy', owner: users('privacy') },
      { path: 'users/unsubscribe', owner: users('unsubscribe') },
      { path: 'install', owner: { remote: 'mf_install', screen: 'install' } },
      { path: 'maintenance', owner: { shell: 'maintenance' } },
    ],
  },
];

export function isRemoteOwner(owner: RouteOwner | undefined): owner is RemoteOwner {
  return !!owner && 'remote' in owner;
}
