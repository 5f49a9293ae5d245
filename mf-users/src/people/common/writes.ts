// The people screens' writes: one hook per action. A hook updates what its write changed in the cache (by
// resource prefix, or in place); the screens show the outcome, and every failure on their own forms.
import { api, userKeys, type CurrentUser } from '@agora/shared-api';
import type { NotificationConfig, UpdateUserInfoBody } from '@agora/shared-api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadAvatar } from './api';

const passing = { meta: { passingError: true } } as const;

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar, ...passing });

/** PUT user/info: every user read is asked again, the profile under its old and its new name too. */
export function useSaveProfile(user: CurrentUser) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserInfoBody) => api.put<null>('user/info', body),
    ...passing,
    onSuccess: (_data, body) => {
      void client.invalidateQueries({ queryKey: userKeys.all });
      void client.invalidateQueries({ queryKey: userKeys.profile(user.username) });
      if (body.username !== user.username) void client.invalidateQueries({ queryKey: userKeys.profile(body.username) });
    },
  });
}

/** PUT user/interface: the interface language (the colour scheme kept); the current user takes it at once. */
export function useSaveInterface(user: CurrentUser) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (language: string) =>
      api.put<null>('user/interface', { language, color_scheme: user.color_scheme || 'default' }),
    ...passing,
    onSuccess: (_data, language) =>
      client.setQueryData<CurrentUser | null>(userKeys.current(), (old) => (old ? { ...old, language } : old)),
  });
}

/** PUT user/notification/config: the cached settings become the ones sent. */
export function useSaveNotificationConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationConfig) => api.put<null>('user/notification/config', body),
    ...passing,
    onSuccess: (_data, body) => client.setQueryData(userKeys.notificationConfig(), body),
  });
}

/** POST user/email/change/code: a confirmation link goes to the new address. */
export const useSendEmailChangeCode = () =>
  useMutation({
    mutationFn: (body: Record<string, string>) => api.post<null>('user/email/change/code', body),
    ...passing,
  });

/** PUT user/password: the other sessions end, so the session list is asked again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string>) => api.put<null>('user/password', body),
    ...passing,
    onSuccess: () => void client.invalidateQueries({ queryKey: userKeys.sessions() }),
  });
}

/** DELETE user/sessions: one session, or every other one; the session list is asked again. */
export function useRevokeSessions(callbacks: { onSuccess(): void; onError(error: Error): void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string } | { all_others: true }) => api.delete<null>('user/sessions', body),
    ...passing,
    onSuccess: () => {
      callbacks.onSuccess();
      void client.invalidateQueries({ queryKey: userKeys.sessions() });
    },
    onError: callbacks.onError,
  });
}

/**
 * PUT user/notification/unsubscribe with the code of an e-mail's link. The server names the e-mails it
 * turned off (their user/notification/config keys); a server that answers null (Answer) is also understood.
 */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (code: string) => api.put<string[] | null>('user/notification/unsubscribe', { code }),
    ...passing,
  });
