import { suspendedUntilOf, useCurrentUser } from '@agora/shared-api';
import { formatFullTime, SHARED_UI_NS, useTimeZone } from '@agora/shared-ui';
import { Alert } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { AuthPage } from '../common/auth-page';
import { useSiteInfo } from '../common/site';

/** Suspensions ending in 2099 or later (or without an end) are permanent (Answer's convention). */
export const FOREVER_FROM_S = Date.UTC(2099, 0, 1) / 1000;

/** 'Your account was suspended until {time}.' (reader's time zone) or '... suspended forever.' */
export function useSuspensionMessage(until: number): string {
  const { t } = useTranslation(NAMESPACE);
  const { t: tUi } = useTranslation(SHARED_UI_NS);
  const timeZone = useTimeZone();
  const forever = !until || until >= FOREVER_FROM_S;
  return forever
    ? t('auth.suspended.forever')
    : t('auth.suspended.until', { time: formatFullTime(until, { t: tUi, timeZone }) });
}

/**
 * /users/account-suspended: until when, in the reader's time zone, or forever; and how to reach
 * the site's contact address. A member whose session the suspension ended is no longer known to the
 * server: the end then comes with the page's address (`?until=`).
 */
export default function AccountSuspendedScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useCurrentUser();
  const site = useSiteInfo();
  const { search } = useLocation();
  const message = useSuspensionMessage(user?.suspended_until ?? suspendedUntilOf(search) ?? 0);
  const contact = site?.general?.contact_email;
  return (
    <AuthPage title={t('auth.suspended.title')}>
      <Alert type="warning" showIcon className="mf-auth__alert" title={message} />
      {contact && (
        <p className="mf-auth__message">
          {t('auth.suspended.contact_intro')}{' '}
          <a href={`mailto:${contact}`}>{t('auth.suspended.contact', { email: contact })}</a>
        </p>
      )}
    </AuthPage>
  );
}
