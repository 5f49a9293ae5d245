// Users as the admin manages them: the list, one member's overview and action log, roles, and every write.
import { adminApi } from '@agora/shared-api';
import type {
  AdminActivationUrl,
  AdminAddUserBody,
  AdminAddUsersBody,
  AdminJob,
  AdminUserActionPage,
  AdminUserOverview,
  AdminUserPage,
  AdminUserPasswordBody,
  AdminUserRoleBody,
  AdminUserStatus,
  AdminUserStatusBody,
  RoleList,
} from '@agora/shared-api/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export interface UserListFilter {
  /** '' for every status. */
  status: AdminUserStatus | '';
  staff: boolean;
  query: string;
  page: number;
}

/** GET users/page. */
export const adminUsersQuery = ({ status, staff, query, page }: UserListFilter) =>
  queryOptions({
    queryKey: [...adminKeys.users(), 'list', { status, staff, query, page }] as const,
    queryFn: ({ signal }) =>
      adminApi.get<AdminUserPage>(
        'users/page',
        {
          page,
          page_size: ADMIN_PAGE_SIZE,
          ...(status ? { status } : {}),
          ...(staff ? { staff: true } : {}),
          ...(query ? { query } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** GET user/overview: the member's row and profile extras (404 for an unknown id: the 404 page). */
export const userOverviewQuery = (userId: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(userId), 'overview'] as const,
    queryFn: ({ signal }) => adminApi.get<AdminUserOverview>('user/overview', { user_id: userId }, signal),
    meta: { allow404: true },
  });

/** GET user/actions: the member's action log, newest first. */
export const userActionsQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: [...adminKeys.user(userId), 'actions', page] as const,
    queryFn: ({ signal }) =>
      adminApi.get<AdminUserActionPage>('user/actions', { user_id: userId, page, page_size: ADMIN_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** GET roles: the roles an administrator assigns, named in the reader's language. */
export const rolesQuery = () =>
  queryOptions({
    queryKey: adminKeys.roles(),
    queryFn: ({ signal }) => adminApi.get<RoleList>('roles', undefined, signal),
    staleTime: 10 * 60_000,
  });

/** GET user/activation: the activation link of an inactive member (read when asked, never cached). */
export const fetchActivationUrl = (userId: string) =>
  adminApi.get<AdminActivationUrl>('user/activation', { user_id: userId }).then((r) => r.activation_url);

/** A write on users: the lists, every overview and the dashboard's figures are stale after it. */
function useUserWrite<B, R = unknown>(send: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([adminKeys.users(), adminKeys.dashboard()].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** PUT user/status. */
export const useUserStatus = () => useUserWrite((body: AdminUserStatusBody) => adminApi.put('user/status', body));
/** PUT user/role. */
export const useUserRole = () => useUserWrite((body: AdminUserRoleBody) => adminApi.put('user/role', body));
/** PUT user/password (the member is logged out everywhere). */
export const useUserPassword = () => useUserWrite((body: AdminUserPasswordBody) => adminApi.put('user/password', body));
/** POST user: one activated member. */
export const useAddUser = () => useUserWrite((body: AdminAddUserBody) => adminApi.post('user', body));
/**
 * POST users: many members at once. The server answers at once with the background job that imports
 * them (its progress: jobQuery); the lists are refreshed again when it ends.
 */
export const useAddUsers = () => useUserWrite((body: AdminAddUsersBody) => adminApi.post<AdminJob>('users', body));
/** POST user/activation: mails the activation link again. */
export const useResendActivation = () =>
  useMutation({ mutationFn: (userId: string) => adminApi.post('user/activation', { user_id: userId }) });
