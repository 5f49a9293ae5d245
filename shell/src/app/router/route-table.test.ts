import type { CoreRemote, ScreenList } from '@agora/shared-api';
import { screens as adminScreens } from '@agora/mf-admin/screens';
import { screens as installScreens } from '@agora/mf-install/screens';
import { screens as qaScreens } from '@agora/mf-qa/screens';
import { screens as reviewScreens } from '@agora/mf-review/screens';
import { screens as usersScreens } from '@agora/mf-users/screens';
import { describe, expect, it } from 'vitest';
import { matchRouteDefs } from './route-objects';
import { ROUTES, isRemoteOwner, type RouteDef } from './route-table';

/** What a path resolves to: the leaf's owner, the layouts around it, and the guards on the way. */
function resolve(pathname: string) {
  const chain = matchRouteDefs(pathname);
  const leaf = chain.at(-1);
  const owner = leaf?.owner;
  return {
    owner: !owner ? 'none' : isRemoteOwner(owner) ? `${owner.remote}/${owner.screen}` : `shell/${owner.shell}`,
    layouts: chain.flatMap((def) => (def.layout ? [def.layout] : [])).join('>'),
    guards: chain.flatMap((def) => (def.guard ? [def.guard] : [])).join(','),
    parentOwner: (() => {
      const parent = chain.at(-2)?.owner;
      return parent && isRemoteOwner(parent) ? `${parent.remote}/${parent.screen}` : undefined;
    })(),
  };
}

// [path, owner, layouts, guards] for every route of the main layout.
const MAIN: [string, string, string, string][] = [
  ['/', 'mf_qa/question-list', 'main>side', ''],
  ['/questions', 'mf_qa/question-list', 'main>side', ''],
  ['/questions/ask', 'mf_qa/question-ask', 'main>side', 'activated'],
  ['/posts/q1/edit', 'mf_qa/question-edit', 'main>side', 'activated'],
  ['/posts/q1/a1/edit', 'mf_qa/answer-edit', 'main>side', 'activated'],
  ['/questions/10010000000000001', 'mf_qa/question-detail', 'main>side', ''],
  ['/questions/10010000000000001/how-to-x', 'mf_qa/question-detail', 'main>side', ''],
  ['/questions/10010000000000001/how-to-x/10020000000000001', 'mf_qa/question-detail', 'main>side', ''],
  ['/search', 'mf_qa/search', 'main>side', ''],
  ['/tags', 'mf_qa/tag-list', 'main>side', ''],
  ['/tags/create', 'mf_qa/tag-create', 'main>side', 'adminOrModerator'],
  ['/tags/react', 'mf_qa/tag-page', 'main>side', ''],
  ['/tags/react/info', 'mf_qa/tag-info', 'main>side', ''],
  ['/tags/10030000000000001/edit', 'mf_qa/tag-edit', 'main>side', 'activated'],
  ['/posts/q1/timeline', 'mf_qa/timeline', 'main>side', 'logged'],
  ['/posts/q1/a1/timeline', 'mf_qa/timeline', 'main>side', 'logged'],
  ['/tags/t1/timeline', 'mf_qa/timeline', 'main>side', 'logged'],
  ['/users', 'mf_users/user-list', 'main>side', ''],
  ['/users/alice', 'mf_users/profile', 'main>side', ''],
  ['/users/alice/answers', 'mf_users/profile', 'main>side', ''],
  ['/users/alice/bookmarks', 'mf_users/profile', 'main>side', ''],
  ['/users/settings', 'mf_users/settings', 'main>side', 'logged'],
  ['/users/settings/profile', 'mf_users/settings', 'main>side', 'logged'],
  ['/users/settings/notify', 'mf_users/settings', 'main>side', 'logged'],
  ['/users/settings/account', 'mf_users/settings', 'main>side', 'logged'],
  ['/users/settings/interface', 'mf_users/settings', 'main>side', 'logged'],
  ['/users/notifications/inbox', 'mf_users/notifications', 'main>side', 'logged'],
  ['/users/notifications/achievement', 'mf_users/notifications', 'main>side', 'logged'],
  ['/users/notifications/inbox/votes', 'mf_users/notifications', 'main>side', 'logged'],
  ['/badges', 'mf_users/badges', 'main>side', ''],
  ['/badges/10090000000000001', 'mf_users/badge', 'main>side', ''],
  ['/review', 'mf_review/review', 'main>side', ''],
  // Outside the side layout, still in the main layout.
  ['/users/login', 'mf_users/login', 'main', 'loginPage'],
  ['/users/register', 'mf_users/register', 'main', 'register'],
  ['/users/account-recovery', 'mf_users/account-recovery', 'main', 'notLogged'],
  ['/users/change-email', 'mf_users/change-email', 'main', ''],
  ['/users/password-reset', 'mf_users/password-reset', 'main', ''],
  ['/users/account-activation', 'mf_users/account-activation', 'main', ''],
  ['/users/account-activation/success', 'mf_users/activation-success', 'main', 'activated'],
  ['/users/account-activation/failed', 'mf_users/activation-failed', 'main', 'notActivated'],
  ['/users/confirm-new-email', 'mf_users/confirm-new-email', 'main', ''],
  ['/users/account-suspended', 'mf_users/account-suspended', 'main', 'forbiddenOnly'],
  ['/users/confirm-email', 'mf_users/confirm-email', 'main', ''],
  ['/users/auth-landing', 'mf_users/auth-landing', 'main', ''],
  ['/user-center/auth', 'mf_users/user-center-auth', 'main', 'notLogged'],
  ['/user-center/auth-failed', 'mf_users/user-center-auth-failed', 'main', ''],
  // Anything else: the 404 page, inside the main layout.
  ['/no/such/page', 'shell/not-found', 'main', ''],
  ['/questions/1/2/3/4', 'shell/not-found', 'main', ''],
  ['/u/alice/x', 'shell/not-found', 'main', ''],
  // Mention links.
  ['/u/alice', 'shell/mention-alias', 'main', ''],
];

// Every admin sub-route under the admin layout, guarded by the admin guard.
const ADMIN: [string, string][] = [
  ['/admin', 'dashboard'],
  ['/admin/dashboard', 'dashboard'],
  ['/admin/answers', 'answers'],
  ['/admin/flags', 'flags'],
  ['/admin/themes', 'themes'],
  ['/admin/css-html', 'css-html'],
  ['/admin/general', 'general'],
  ['/admin/interface', 'interface'],
  ['/admin/questions', 'questions'],
  ['/admin/users', 'users'],
  ['/admin/users/10010000000000001', 'user-detail'],
  ['/admin/smtp', 'smtp'],
  ['/admin/branding', 'branding'],
  ['/admin/legal', 'legal'],
  ['/admin/write', 'write'],
  ['/admin/seo', 'seo'],
  ['/admin/login', 'login'],
  ['/admin/settings-users', 'settings-users'],
  ['/admin/privileges', 'privileges'],
  ['/admin/installed-plugins', 'installed-plugins'],
  ['/admin/badges', 'badges'],
  ['/admin/audit', 'audit'],
];

// The second layout, without guards.
const SECOND: [string, string][] = [
  ['/tos', 'mf_users/tos'],
  ['/privacy', 'mf_users/privacy'],
  ['/users/unsubscribe', 'mf_users/unsubscribe'],
  ['/install', 'mf_install/install'],
  ['/maintenance', 'shell/maintenance'],
];

describe('route table', () => {
  it.each(MAIN)('%s -> %s (layouts %s, guards "%s")', (path, owner, layouts, guards) => {
    expect(resolve(path)).toMatchObject({ owner, layouts, guards });
  });

  it.each(ADMIN)('%s -> mf_admin/%s inside the admin layout', (path, screen) => {
    expect(resolve(path)).toEqual({
      owner: `mf_admin/${screen}`,
      layouts: 'main',
      guards: 'admin',
      parentOwner: 'mf_admin/admin-layout',
    });
  });

  it.each(['hello', 'my-plugin', 'seo_tools', 'hello/some/deep/path'])(
    '/admin/%s -> the shell plugin screen in the admin layout',
    (slug) => {
      expect(resolve(`/admin/${slug}`)).toEqual({
        owner: 'shell/plugin',
        layouts: 'main',
        guards: 'admin',
        parentOwner: 'mf_admin/admin-layout',
      });
    },
  );

  it.each(SECOND)('%s -> %s in the second layout without guards', (path, owner) => {
    expect(resolve(path)).toMatchObject({ owner, layouts: 'second', guards: '' });
  });

  it('ignores the query string and a trailing slash', () => {
    expect(resolve('/questions/')).toMatchObject({ owner: 'mf_qa/question-list' });
    expect(resolve('/users/login/')).toMatchObject({ owner: 'mf_users/login' });
  });

  it('routes to every screen of every core remote', () => {
    const routed = new Set<string>();
    const walk = (defs: readonly RouteDef[]) =>
      defs.forEach((def) => {
        if (isRemoteOwner(def.owner)) routed.add(`${def.owner.remote}/${def.owner.screen}`);
        if (def.children) walk(def.children);
      });
    walk(ROUTES);
    // Each remote's own screen list (loaders are not called: no screen of a remote is loaded here).
    const declared: Record<CoreRemote, ScreenList> = {
      mf_qa: qaScreens,
      mf_users: usersScreens,
      mf_review: reviewScreens,
      mf_admin: adminScreens,
      mf_install: installScreens,
    };
    const all = Object.entries(declared).flatMap(([remote, screens]) =>
      Object.keys(screens).map((screen) => `${remote}/${screen}`),
    );
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((id) => !routed.has(id))).toEqual([]);
  });
});
