import type { CoreRemote, ScreenList } from '@agora/shared-api';
import type { screens as adminScreens } from '@agora/mf-admin/screens';
import type { screens as installScreens } from '@agora/mf-install/screens';
import type { screens as qaScreens } from '@agora/mf-qa/screens';
import type { screens as reviewScreens } from '@agora/mf-review/screens';
import type { screens as usersScreens } from '@agora/mf-users/screens';

/** Lists one screen list per core remote (a remote missing here fails the typecheck). */
type PerRemote<T extends { [R in CoreRemote]: ScreenList }> = T;

/**
 * Each core remote's screens, read from the remote's own list (its src/expose/screens.ts) as a type only:
 * the imports are erased from the build, so nothing of a remote is bundled into the shell, while a route
 * naming a screen its remote does not declare fails the typecheck.
 */
type DeclaredScreens = PerRemote<{
  mf_qa: typeof qaScreens;
  mf_users: typeof usersScreens;
  mf_review: typeof reviewScreens;
  mf_admin: typeof adminScreens;
  mf_install: typeof installScreens;
}>;

/** A screen id the remote R declares (for a union of remotes: an id any of them declares). */
export type ScreenId<R extends CoreRemote> = { [K in R]: keyof DeclaredScreens[K] & string }[R];
