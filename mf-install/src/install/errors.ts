import { isApiError } from '@agora/shared-api';
import type { TFunction } from 'i18next';
import { isAlreadyInstalled, REASONS } from './api';

/** What an alert above a form says about a failed request. */
export interface AlertContent {
  title: string;
  description?: string;
}

/**
 * The alert for an installer failure (the install errors): connection failed and already installed get
 * their own titles, timeouts and network failures the installer's own words, anything else the server's msg.
 */
export function describeFailure(error: unknown, t: TFunction): AlertContent {
  if (!isApiError(error)) {
    return { title: t('install.errors.title'), description: t('install.errors.unknown', { message: String(error) }) };
  }
  if (error.kind === 'timeout') return { title: t('install.errors.title'), description: t('install.errors.timeout') };
  if (error.kind === 'network') return { title: t('install.errors.title'), description: t('install.errors.network') };
  if (error.reason === REASONS.connectionFailed) {
    return { title: t('install.database.connection_failed'), description: error.message };
  }
  if (isAlreadyInstalled(error)) {
    return {
      title: t('install.database.already_installed'),
      description: error.message || t('install.database.already_installed_hint'),
    };
  }
  return { title: t('install.errors.title'), description: error.message };
}
