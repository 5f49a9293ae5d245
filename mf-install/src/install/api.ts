import { installApi, isApiError, siteKeys, userKeys } from '@agora/shared-api';
import { checkConfigFile } from '@agora/shared-api/resources/installation';
import type { ConfigFileCheckResult, InstallBaseInfoBody, InstallDbBody } from '@agora/shared-api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

// The installer's writes, all under /installation: one hook per step's call. Each step shows its own
// failures (the shell shows none of them). Its reads are shared-api's installation resource.

const passing = { meta: { passingError: true } } as const;

export const useCheckDatabase = () =>
  useMutation({
    mutationFn: (body: InstallDbBody) => installApi.post<{ connection_success: boolean }>('db/check', body),
    ...passing,
  });

export const useInitSite = () =>
  useMutation({ mutationFn: (body: InstallDbBody) => installApi.post<null>('init', body), ...passing });

export const useRecheckConfigFile = () => useMutation({ mutationFn: checkConfigFile, ...passing });

/** POST base-info. The site then answers as installed: whatever the shell cached from install mode is stale. */
export function useSaveBaseInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InstallBaseInfoBody) => installApi.post<null>('base-info', body),
    ...passing,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: siteKeys.all });
      void client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** Reasons the server gives when an install step fails. */
export const REASONS = {
  connectionFailed: 'error.database.connection_failed',
  createConfigFailed: 'error.install.create_config_failed',
  alreadyInstalled: 'error.install.already_installed',
} as const;

/** What init or base-info says when it cannot write the configuration file: the text to write by hand. */
export interface ConfigFailure {
  defaultConfig: string;
  /** Where the server reads its configuration file, when it says. */
  configFile?: string;
}

export function configFailureOf(error: unknown): ConfigFailure | null {
  if (!isApiError(error)) return null;
  const data = error.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (record.create_config_failed !== true && error.reason !== REASONS.createConfigFailed) return null;
  const config = record.default_config;
  const defaultConfig =
    typeof config === 'string'
      ? config
      : config === undefined || config === null
        ? ''
        : JSON.stringify(config, null, 2);
  return typeof record.config_file === 'string' && record.config_file
    ? { defaultConfig, configFile: record.config_file }
    : { defaultConfig };
}

/** 'the database already holds a site': the old tables must be cleared first. */
export function isAlreadyInstalled(error: unknown): boolean {
  return isApiError(error) && error.reason === REASONS.alreadyInstalled;
}

/** config-file/check: a database is recorded and reachable, and it does not hold an installed site yet. */
export const isPrepared = (c: ConfigFileCheckResult) =>
  c.config_file_exist && c.db_connection_success && !c.db_table_exist;

/** config-file/check: the recorded database already holds an installed site. */
export const holdsSite = (c: ConfigFileCheckResult) =>
  c.config_file_exist && c.db_connection_success && c.db_table_exist;

/** The installer API is gone once the site is installed: every /installation call answers 404. */
export function isInstallerGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
