import type { UserStatus } from '@agora/shared-api/contract';
import type { Static } from 'typebox';

/** Role ids (docs/wire-contract.md): 1 user, 2 admin, 3 moderator. */
export type RoleId = 1 | 2 | 3;

/** What the server knows about the bearer of a token. */
export interface Session {
  token: string;
  userId: string;
  roleId: RoleId;
  /** API status: normal, inactive (e-mail not verified), suspended, deleted. */
  status: Static<typeof UserStatus>;
}

/**
 * Where login tokens are looked up: the accounts module implements this over its sessions table; without
 * one, no token is valid.
 */
export interface SessionStore {
  find(token: string): Promise<Session | null>;
  /**
   * When `token` names no live session because a suspension ended it, and the suspension still holds:
   * its end (`suspended_until`, ms; null = forever). Otherwise null. Stores without accounts omit it.
   */
  endedBySuspension?(token: string): Promise<{ suspended_until: number | null } | null>;
  /** Ends a session (logout). */
  revoke(token: string): Promise<void>;
}

/** The store before accounts exist: every token is unknown. */
export const noSessions: SessionStore = {
  find: async () => null,
  revoke: async () => undefined,
};
