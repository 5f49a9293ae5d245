// The installer's reads (under /installation): gone once the site is installed.
import { queryOptions } from '@tanstack/react-query';
import { installApi } from '@agora/shared-api';
import type { ConfigFileCheckResult, LanguageOption } from '../contract';

export const installationKeys = {
  all: ['installation'] as const,
  languageOptions: () => [...installationKeys.all, 'language-options'] as const,
  configFile: () => [...installationKeys.all, 'config-file'] as const,
};

export const checkConfigFile = () => installApi.post<ConfigFileCheckResult>('config-file/check');

/** The interface languages the installer offers; a failure leaves the built-in list. */
export const installLanguagesQuery = () =>
  queryOptions({
    queryKey: installationKeys.languageOptions(),
    queryFn: ({ signal }) => installApi.get<LanguageOption[]>('language/options', undefined, signal),
    staleTime: Infinity,
    retry: false,
    meta: { passingError: true },
  });

/** config-file/check once, when the wizard starts on a site that is not installed. */
export const configFileQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: installationKeys.configFile(),
    queryFn: checkConfigFile,
    enabled,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { passingError: true },
  });
