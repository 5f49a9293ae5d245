import { installApi, isApiError, type ApiError } from '@agora/shared-api';
import type {
  ConfigFileCheckResult,
  InstallBaseInfoBody,
  InstallDbBody,
  LanguageOption,
} from '@agora/shared-api/contract';

// The installer's calls (answer-api.md §2.17), all under /installation.

export const installKeys = {
  all: ['installation'] as const,
  languageOptions: () => [...installKeys.all, 'language-options'] as const,
  configFile: () => [...installKeys.all, 'config-file'] as const,
};

export const fetchLanguageOptions = (signal?: AbortSignal) =>
  installApi.get<LanguageOption[]>('language/options', undefined, signal);

export const checkConfigFile = () => installApi.post<ConfigFileCheckResult>('config-file/check');

export const checkDatabase = (body: InstallDbBody) =>
  installApi.post<{ connection_success: boolean }>('db/check', body);

export const initSite = (body: InstallDbBody) => installApi.post<null>('init', body);

export const saveBaseInfo = (body: InstallBaseInfoBody) => installApi.post<null>('base-info', body);

/** Reasons the server gives (SPEC §8 install errors). */
export const REASONS = {
  connectionFailed: 'error.database.connection_failed',
  createConfigFailed: 'error.install.create_config_failed',
} as const;

/** The configuration text the server could not write: the operator creates the file by hand. */
export function defaultConfigOf(error: ApiError): string | null {
  const data = error.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const failed = record.create_config_failed === true || error.reason === REASONS.createConfigFailed;
  if (!failed) return null;
  const config = record.default_config;
  if (typeof config === 'string') return config;
  if (config === undefined || config === null) return '';
  return JSON.stringify(config, null, 2);
}

/** 'the database already holds a site': the old tables must be cleared first. */
export function isAlreadyInstalled(error: unknown): boolean {
  return isApiError(error) && /already[._ ]?install|installed/i.test(error.reason);
}

/** The installer API is gone once the site is installed: every /installation call answers 404. */
export function isInstallerGone(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
