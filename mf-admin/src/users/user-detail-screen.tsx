import { paths } from '@agora/shared-api';
import type { AdminUserAction, AdminUserOverview } from '@agora/shared-api/contract';
import { formatCount, UserAvatar } from '@agora/shared-ui';
import type { TableColumnsType } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { userActionsQuery, userOverviewQuery } from '../api/users';
import { AdminPage } from '../common/admin-page';
import { FullTime } from '../common/full-time';
import { readPage, useListAddress } from '../common/list-params';
import { ListFrame } from '../common/list-frame';
import { QueryState } from '../common/query-state';
import { NAMESPACE } from '../namespace';
import './users.css';

/** A site path or an http(s) address opens as a link; anything else stays text. */
const isSafeUrl = (url: string) => (url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url));

function Overview({ user }: { user: AdminUserOverview }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const n = (value: number) => formatCount(value, i18n.language);
  const facts: [string, ReactNode][] = [
    [t('user_detail.email'), user.e_mail],
    [t('user_detail.status'), t(`users.status.${user.status}`)],
    [t('user_detail.role'), user.role_name],
    [t('user_detail.reputation'), n(user.rank)],
    [t('user_detail.created'), <FullTime key="c" time={user.created_at} />],
    [t('user_detail.last_seen'), <FullTime key="l" time={user.last_seen_at} />],
    [t('user_detail.visit_days'), n(user.visit_days)],
    [t('user_detail.questions'), n(user.question_count)],
    [t('user_detail.answers'), n(user.answer_count)],
  ];
  if (user.status === 'suspended')
    facts.push([t('user_detail.suspended_until'), <FullTime key="s" time={user.suspended_until} />]);
  if (user.status === 'deleted') facts.push([t('user_detail.deleted_at'), <FullTime key="d" time={user.deleted_at} />]);
  return (
    <div className="admin-user">
      <div className="admin-person">
        <UserAvatar avatar={user.avatar} name={user.display_name || user.username} size={64} />
        <div>
          <p className="admin-user__name">{user.display_name || user.username}</p>
          <p className="admin-muted">@{user.username}</p>
          {isSafeUrl(user.profile_url) ? (
            <a href={user.profile_url}>{t('user_detail.public_profile')}</a>
          ) : (
            <Link to={paths.user(user.username)}>{t('user_detail.public_profile')}</Link>
          )}
        </div>
      </div>
      <dl className="admin-user__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The action log: what the member did and what staff did to the account, newest first, paged in the address. */
function ActionLog({ userId }: { userId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const { search, hrefFor } = useListAddress();
  const page = readPage(search);
  const actions = useQuery(userActionsQuery(userId, page));
  const columns: TableColumnsType<AdminUserAction> = [
    {
      key: 'action',
      title: t('user_detail.log.action'),
      render: (_, row) => t(`user_detail.action.${row.action.replace('.', '_')}`, { defaultValue: row.action }),
    },
    {
      key: 'object',
      title: t('user_detail.log.object'),
      render: (_, row) => {
        const text = row.title || t(`user_detail.object.${row.object_type}`, { defaultValue: row.object_type });
        return row.url && isSafeUrl(row.url) ? <Link to={row.url}>{text}</Link> : text;
      },
    },
    {
      key: 'operator',
      title: t('user_detail.log.by'),
      render: (_, row) =>
        row.operator ? (
          <Link to={paths.user(row.operator.username)}>{row.operator.display_name || row.operator.username}</Link>
        ) : (
          t('user_detail.log.self')
        ),
    },
    { key: 'time', title: t('user_detail.log.time'), render: (_, row) => <FullTime time={row.created_at} /> },
  ];
  return (
    <section aria-labelledby={headingId} className="admin-user__log">
      <h2 id={headingId}>{t('user_detail.log.title')}</h2>
      <ListFrame
        label={t('user_detail.log.list')}
        query={actions}
        columns={columns}
        rowKey="id"
        page={page}
        hrefFor={hrefFor}
      />
    </section>
  );
}

/** /admin/users/{user_id}: the member's overview (GET user/overview) and their action log (GET user/actions). */
export default function UserDetailScreen() {
  const { t } = useTranslation(NAMESPACE);
  const { user_id: userId = '' } = useParams();
  const overview = useQuery(userOverviewQuery(userId));
  const name = overview.data ? overview.data.display_name || overview.data.username : t('screens.user-detail');
  return (
    <AdminPage title={name} actions={<Link to={paths.admin('users')}>{t('user_detail.back')}</Link>}>
      <QueryState query={overview}>{(user) => <Overview user={user} />}</QueryState>
      <ActionLog userId={userId} />
    </AdminPage>
  );
}
