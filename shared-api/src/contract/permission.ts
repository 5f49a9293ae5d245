import { Type, type Static } from 'typebox';

/** GET /answer/api/v1/permission?action=a,b (docs/wire-contract.md). */
export const PermissionQuery = Type.Object({
  action: Type.String({ minLength: 1, maxLength: 1000, pattern: '^[a-z_]+\\.[a-z_]+(,[a-z_]+\\.[a-z_]+)*$' }),
});

export const PermissionResult = Type.Object({
  has_permission: Type.Boolean(),
  /** Why not, in the request's language; empty when permitted. */
  no_permission_tip: Type.String(),
});

export const PermissionMap = Type.Record(Type.String(), PermissionResult);
export type PermissionMap = Static<typeof PermissionMap>;
