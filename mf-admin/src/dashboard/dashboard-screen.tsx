import { paths } from '@agora/shared-api';
import type { AdminDashboard } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardQuery } from '../api/dashboard';
import { AdminPage } from '../common/admin-page';
import { QueryState } from '../common/query-state';
import { NAMESPACE } from '../namespace';
import { ActivityChart } from './activity-chart';
import { formatBytes, isNewerVersion, splitDuration } from './format';
import './dashboard.css';

/** Where the project's documentation and support live (the server speaks Apache Answer's API). */
const LINKS = {
  documentation: 'https://answer.apache.org/docs',
  support: 'https://answer.apache.org/community/support',
} as const;

/** A card of the dashboard: a titled section. */
function Card({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={`admin-dashboard__card${wide ? ' admin-dashboard__card--wide' : ''}`} aria-labelledby={id}>
      <h2 id={id} className="admin-dashboard__card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Term and value pairs. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl>
      {items.map(([term, value]) => (
        <div key={term} className="admin-dashboard__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Panels({ data }: { data: AdminDashboard }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { info } = data;
  const n = (value: number) => formatCount(value, i18n.language);
  const percent = (rate: number) =>
    new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: 1 }).format(rate);
  const yesNo = (yes: boolean) => (yes ? t('dashboard.yes') : t('dashboard.no'));
  // The uptime as of when the figures were shown.
  const [now] = useState(() => Date.now() / 1000);
  const uptime = splitDuration(now - info.app_start_time);
  const { version, revision, remote_version: remote } = info.version_info;

  let update: string;
  if (info.update_check === 'off') update = t('dashboard.update.off');
  else if (info.update_check === 'unconfigured') update = t('dashboard.update.unconfigured');
  else if (info.update_check === 'failed') update = t('dashboard.update.failed');
  else if (remote && isNewerVersion(remote, version)) update = t('dashboard.update.new', { version: remote });
  else update = t('dashboard.update.latest');

  return (
    <div className="admin-dashboard__cards">
      <Card title={t('dashboard.statistics.title')} wide>
        <Facts
          items={[
            [t('dashboard.statistics.questions'), n(info.question_count)],
            [
              t('dashboard.statistics.resolved'),
              t('dashboard.statistics.with_rate', { count: n(info.resolved_count), rate: percent(info.resolved_rate) }),
            ],
            [
              t('dashboard.statistics.unanswered'),
              t('dashboard.statistics.with_rate', {
                count: n(info.unanswered_count),
                rate: percent(info.unanswered_rate),
              }),
            ],
            [t('dashboard.statistics.answers'), n(info.answer_count)],
            [t('dashboard.statistics.comments'), n(info.comment_count)],
            [t('dashboard.statistics.votes'), n(info.vote_count)],
            [t('dashboard.statistics.users'), n(info.user_count)],
            [
              t('dashboard.statistics.flags'),
              <Link key="flags" to={paths.admin('flags')}>
                {n(info.report_count)}
              </Link>,
            ],
          ]}
        />
      </Card>
      <Card title={t('dashboard.activity.title')} wide>
        <ActivityChart days={data.activity} />
      </Card>
      <Card title={t('dashboard.health.title')}>
        <Facts
          items={[
            [t('dashboard.health.version'), [version, revision].filter(Boolean).join(' · ') || t('dashboard.not_set')],
            [t('dashboard.health.https'), yesNo(info.https)],
            [t('dashboard.health.uploading'), yesNo(info.uploading_files)],
            [t('dashboard.health.smtp'), info.smtp ? t('dashboard.health.smtp_set') : t('dashboard.health.smtp_unset')],
            [t('dashboard.health.login_required'), yesNo(info.login_required)],
            [t('dashboard.health.time_zone'), info.time_zone || 'UTC'],
          ]}
        />
      </Card>
      <Card title={t('dashboard.system.title')}>
        <Facts
          items={[
            [t('dashboard.system.storage'), formatBytes(info.occupying_storage_space, i18n.language)],
            [t('dashboard.system.database_size'), formatBytes(info.database_size, i18n.language)],
            [t('dashboard.system.uploads_size'), formatBytes(info.uploads_size, i18n.language)],
            [t('dashboard.system.uptime'), t('dashboard.system.uptime_value', uptime)],
            [
              t('dashboard.system.database'),
              [
                t(`dashboard.system.db.${info.database_type}`, { defaultValue: info.database_type }),
                info.database_version,
              ]
                .filter(Boolean)
                .join(' '),
            ],
            [t('dashboard.system.runtime'), info.runtime_version],
          ]}
        />
      </Card>
      <Card title={t('dashboard.update.title')}>
        <p role="status" className="admin-dashboard__update">
          {update}
        </p>
      </Card>
      <Card title={t('dashboard.links.title')}>
        <ul className="admin-dashboard__links">
          {(Object.keys(LINKS) as (keyof typeof LINKS)[]).map((key) => (
            <li key={key}>
              <a href={LINKS[key]} target="_blank" rel="noreferrer noopener">
                {t(`dashboard.links.${key}`)}
                <span className="admin-visually-hidden"> {t('dashboard.links.new_tab')}</span>
              </a>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/**
 * /admin and /admin/dashboard (GET dashboard): the site's figures, the last 30 days as a chart and a
 * table, health, system information, the update check and the project's links.
 */
export default function DashboardScreen() {
  const { t } = useTranslation(NAMESPACE);
  const dashboard = useQuery(dashboardQuery());
  return (
    <AdminPage title={t('screens.dashboard')}>
      <QueryState query={dashboard}>{(data) => <Panels data={data} />}</QueryState>
    </AdminPage>
  );
}
