import { PageContainer } from '@agora/shared-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { isMailChannel, MAIL_CHANNEL_LABELS } from '../common/mail-channels';
import { useUnsubscribe } from '../common/writes';
import '../common/people.css';

/** /users/unsubscribe?code=: turns off the e-mails the link was sent for (PUT user/notification/unsubscribe). */
export default function UnsubscribeScreen() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const mutation = useUnsubscribe();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!code || sent.current === code) return;
    sent.current = code;
    mutation.mutate(code);
  }, [code, mutation]);

  let body;
  if (!code || mutation.isError) {
    body = (
      <div role="alert">
        <p>{t('people.unsubscribe.invalid')}</p>
        <p>
          <Link to="/users/settings/notify">{t('people.unsubscribe.settings_link')}</Link>
        </p>
      </div>
    );
  } else if (mutation.isSuccess) {
    const stopped = Array.isArray(mutation.data) ? mutation.data.filter(isMailChannel) : [];
    body = (
      <div role="status">
        {stopped.length > 0 ? (
          <>
            <p>{t('notifications.unsubscribe.stopped')}</p>
            <ul>
              {stopped.map((channel) => (
                <li key={channel}>{t(MAIL_CHANNEL_LABELS[channel])}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('people.unsubscribe.done')}</p>
        )}
        <p>
          <Link to="/users/settings/notify">{t('people.unsubscribe.settings_link')}</Link>
        </p>
      </div>
    );
  } else {
    body = <p role="status">{t('people.unsubscribe.working')}</p>;
  }

  return (
    <PageContainer>
      <section className="people-page people-unsubscribe">
        <h1 className="people-page__title">{t('people.unsubscribe.title')}</h1>
        {body}
      </section>
    </PageContainer>
  );
}
