import type { CurrentUser } from '@agora/shared-api/contract';
import type { Session } from '../session/store';

/**
 * Reads accounts. The database issue implements it over the users table; until accounts exist no
 * session can be valid, so the default never finds anyone.
 */
export interface UserStore {
  /** The logged-in user's own view (GET user/info), or null if the account is gone. */
  currentUser(session: Session): Promise<CurrentUser | null>;
}

export const noUsers: UserStore = {
  currentUser: async () => null,
};
