// The settings screens' reads and writes (admin API). One home per query: each settings group is read
// with groupQuery(path) and saved with useSaveGroup(path), where `path` is its admin API path.
import { adminApi, api, FORM_SNAPSHOT, siteKeys } from '@agora/shared-api';
import type { LanguageOption, PinnedSettings, PrivilegeSettings, ThemeOptions } from '@agora/shared-api/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** The admin API paths of the settings groups the screens edit. */
export type SettingsPath =
  | 'siteinfo/general'
  | 'siteinfo/interface'
  | 'siteinfo/security'
  | 'siteinfo/branding'
  | 'siteinfo/polices'
  | 'siteinfo/question'
  | 'siteinfo/tag'
  | 'siteinfo/advanced'
  | 'siteinfo/moderation'
  | 'siteinfo/seo'
  | 'siteinfo/login'
  | 'siteinfo/users'
  | 'siteinfo/theme'
  | 'siteinfo/custom-css-html'
  | 'setting/smtp'
  | 'setting/privileges';

export const settingsKeys = {
  all: ['mf_admin', 'settings'] as const,
  group: (path: SettingsPath) => [...settingsKeys.all, 'group', path] as const,
  pinned: () => [...settingsKeys.all, 'pinned'] as const,
  themes: () => [...settingsKeys.all, 'theme-options'] as const,
  languages: () => [...settingsKeys.all, 'language-options'] as const,
};

/** GET one settings group, read afresh each time its screen opens and left alone while the admin edits it. */
export const groupQuery = <T>(path: SettingsPath) =>
  queryOptions({
    queryKey: settingsKeys.group(path),
    queryFn: ({ signal }) => adminApi.get<T>(path, undefined, signal),
    ...FORM_SNAPSHOT,
  });

/** GET setting/pinned: the fields the configuration file fixes, per settings path. */
export const pinnedQuery = () =>
  queryOptions({
    queryKey: settingsKeys.pinned(),
    queryFn: ({ signal }) => adminApi.get<PinnedSettings>('setting/pinned', undefined, signal),
    staleTime: 5 * 60_000,
    // A server without the list simply pins nothing: the screens stay usable.
    meta: { passingError: true },
  });

/** GET theme/options (admin API). */
export const themeOptionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.themes(),
    queryFn: ({ signal }) => adminApi.get<ThemeOptions>('theme/options', undefined, signal),
    staleTime: 5 * 60_000,
  });

/** GET language/options (admin API: the installed languages, without 'Default'). */
export const languageOptionsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.languages(),
    queryFn: ({ signal }) => adminApi.get<LanguageOption[]>('language/options', undefined, signal),
    staleTime: 5 * 60_000,
  });

export type { PrivilegeSettings };

/**
 * PUT one settings group. On success the group's cache holds what the server saved and the public
 * siteinfo is refetched, so the shell shows the change (name, theme, logo...) at once. `passingError`:
 * the caller shows every failure itself (the SMTP test mail shows the mail server's answer in place).
 */
export function useSaveGroup<Body, Saved = Body>(path: SettingsPath, { passingError = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => adminApi.put<Saved | null>(path, body),
    meta: passingError ? { passingError: true } : undefined,
    onSuccess: (saved) => {
      if (saved !== null && saved !== undefined) client.setQueryData(settingsKeys.group(path), saved);
      else void client.invalidateQueries({ queryKey: settingsKeys.group(path) });
      void client.invalidateQueries({ queryKey: siteKeys.info() });
    },
  });
}

/** Tag suggestions for the write settings' tag pickers: GET question/tags?tag=prefix. */
export const suggestTags = (prefix: string, signal?: AbortSignal) =>
  api.get<{ slug_name: string; display_name: string }[]>('question/tags', { tag: prefix }, signal);

/** POST file (multipart, source branding): resolves with the uploaded image's URL. */
export function uploadBrandingImage(file: File) {
  const body = new FormData();
  body.append('source', 'branding');
  body.append('file', file, file.name);
  return api.request<string>('post', 'file', { body });
}
