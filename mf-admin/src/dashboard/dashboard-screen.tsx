import { paths, remoteListQuery, siteInfoQuery } from '@agora/shared-api';
import { formatCount } from '@agora/shared-ui';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../namespace';
import { countQuery, smtpQuery, type DashboardFigure } from './api';
import './dashboard.css';

const FIGURES: DashboardFigure[] = ['questions', 'unanswered', 'tags'];

/** A card of the dashboard: a titled description list. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-dashboard__card" aria-labelledby={id}>
      <h2 id={id} className="admin-dashboard__card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The value of a query: its text once loaded, 'Loading…' before, 'Unavailable' when the request failed. */
function useValue() {
  const { t } = useTranslation(NAMESPACE);
  return <T,>(query: UseQueryResult<T>, show: (data: T) => ReactNode): ReactNode => {
    if (query.isSuccess) return show(query.data);
    return query.isError ? t('dashboard.unavailable') : t('dashboard.loading');
  };
}

/**
 * /admin and /admin/dashboard: what the server already tells about the site (name, address, version),
 * the totals its public lists give, the mail and access settings, and the installed plugins. Nothing is
 * made up: figures the server cannot give yet are not shown.
 */
export default function DashboardScreen() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const value = useValue();
  const site = useQuery(siteInfoQuery());
  const plugins = useQuery(remoteListQuery());
  const smtp = useQuery(smtpQuery());
  const counts = {
    questions: useQuery(countQuery('questions')),
    unanswered: useQuery(countQuery('unanswered')),
    tags: useQuery(countQuery('tags')),
  };
  const yesNo = (yes: boolean) => (yes ? t('dashboard.yes') : t('dashboard.no'));

  return (
    <div className="admin-dashboard">
      <h1 className="admin-dashboard__title">{t('screens.dashboard')}</h1>
      <div className="admin-dashboard__cards">
        <Card title={t('dashboard.site.title')}>
          <dl>
            <dt>{t('dashboard.site.name')}</dt>
            <dd>{value(site, (s) => s.general.name)}</dd>
            <dt>{t('dashboard.site.url')}</dt>
            <dd>{value(site, (s) => s.general.site_url || t('dashboard.not_set'))}</dd>
            <dt>{t('dashboard.site.version')}</dt>
            <dd>{value(site, (s) => [s.version, s.revision].filter(Boolean).join(' · ') || t('dashboard.not_set'))}</dd>
          </dl>
        </Card>
        <Card title={t('dashboard.statistics.title')}>
          <dl>
            {FIGURES.map((figure) => (
              <Fragment key={figure}>
                <dt>{t(`dashboard.statistics.${figure}`)}</dt>
                <dd>{value(counts[figure], (n) => formatCount(n, i18n.language))}</dd>
              </Fragment>
            ))}
          </dl>
          <p className="admin-dashboard__note">{t('dashboard.statistics.note')}</p>
        </Card>
        <Card title={t('dashboard.health.title')}>
          <dl>
            <dt>{t('dashboard.health.https')}</dt>
            <dd>{value(site, (s) => yesNo(s.general.site_url.startsWith('https://')))}</dd>
            <dt>{t('dashboard.health.smtp')}</dt>
            <dd>
              {value(smtp, (s) => (s.smtp_host ? t('dashboard.health.smtp_set') : t('dashboard.health.smtp_unset')))}
            </dd>
            <dt>{t('dashboard.health.login_required')}</dt>
            <dd>{value(site, (s) => yesNo(s.login.login_required))}</dd>
            <dt>{t('dashboard.health.time_zone')}</dt>
            <dd>{value(site, (s) => s.interface.time_zone || 'UTC')}</dd>
          </dl>
        </Card>
        <Card title={t('dashboard.plugins.title')}>
          {value(plugins, (list) =>
            list.plugins.length === 0 ? (
              <p>{t('dashboard.plugins.none')}</p>
            ) : (
              <ul>
                {list.plugins.map((plugin) => (
                  <li key={plugin.slug_name}>
                    <Link to={paths.admin(plugin.slug_name)}>{plugin.label ?? plugin.slug_name}</Link>
                  </li>
                ))}
              </ul>
            ),
          )}
        </Card>
      </div>
    </div>
  );
}
