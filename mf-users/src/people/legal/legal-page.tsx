import { legalQuery } from '@agora/shared-api';
import { PageContainer } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { externalUrlOf } from '../common/html';
import '../common/people.css';

/** Goes to the page an admin pointed the policy at (replaces history: back returns where the reader was). */
export const redirectTo = { go: (url: string) => window.location.replace(url) };

/** /tos and /privacy: the policy from siteinfo/legal, a link to it when it lives elsewhere, or 'not set up'. */
export function LegalPage({ type }: { type: 'tos' | 'privacy' }) {
  const { t } = useTranslation(NAMESPACE);
  const legal = useQuery(legalQuery(type));
  const original =
    type === 'tos' ? legal.data?.terms_of_service_original_text : legal.data?.privacy_policy_original_text;
  const parsed = type === 'tos' ? legal.data?.terms_of_service_parsed_text : legal.data?.privacy_policy_parsed_text;
  const external = externalUrlOf(original);

  useEffect(() => {
    if (external) redirectTo.go(external);
  }, [external]);

  let body;
  if (legal.isPending) body = <p role="status">{t('people.common.loading')}</p>;
  else if (legal.isError) body = <p role="alert">{t('people.common.load_failed')}</p>;
  else if (external)
    body = (
      <p>
        {t(`people.legal.${type}_external`)} <a href={external}>{external}</a>
      </p>
    );
  else if (parsed?.trim())
    // The HTML is rendered from the admin's markdown and sanitized by the server.
    body = <div className="people-legal__text" dangerouslySetInnerHTML={{ __html: parsed }} />;
  else body = <p className="people-muted">{t(`people.legal.${type}_not_set`)}</p>;

  return (
    <PageContainer>
      <article className="people-page people-legal">
        <h1 className="people-page__title">{t(`people.legal.${type}_title`)}</h1>
        {body}
      </article>
    </PageContainer>
  );
}
