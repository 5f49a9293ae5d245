import { paths, useCurrentUser, useDocumentTitle } from '@agora/shared-api';
import { personalInfoQuery } from '@agora/shared-api/resources/profile';
import { formatCount, formatFullTime, ListPlaceholder, RelativeTime, TimeZoneProvider } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { type PersonalUserInfo } from '../common/api';
import { UserAvatar } from '../common/avatar';
import { useSharedUiT, useSite } from '../../common/site';
import '../common/people.css';
import './profile.css';
import { PROFILE_TABS, ProfileTab, tabLabelKey, type ProfileTabName } from './tabs';

function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function ProfileHeader({ user, timeZone }: { user: PersonalUserInfo; timeZone: string }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const shared = useSharedUiT();
  const name = user.display_name || user.username;
  const website = user.website ? safeWebsite(user.website) : null;
  return (
    <header className="people-profile__header">
      <UserAvatar avatar={user.avatar} name={name} size={96} className="people-profile__avatar" />
      <div className="people-profile__who">
        <h1 className="people-profile__name">{name}</h1>
        <p className="people-profile__username">@{user.username}</p>
        <p className="people-profile__rank">
          <strong>{formatCount(user.rank, i18n.language)}</strong>{' '}
          {t('people.profile.reputation', { count: user.rank })}
        </p>
        {user.status === 'suspended' && <p className="people-profile__status">{t('people.profile.suspended')}</p>}
        {user.bio_html ? (
          // bio_html is rendered from markdown and sanitized by the server.
          <div className="people-profile__bio" dangerouslySetInnerHTML={{ __html: user.bio_html }} />
        ) : null}
        <dl className="people-profile__facts">
          {website && (
            <div>
              <dt>{t('people.profile.website')}</dt>
              <dd>
                <a href={website} rel="nofollow ugc noopener" target="_blank">
                  {user.website.replace(/^https?:\/\//, '')}
                </a>
              </dd>
            </div>
          )}
          {user.location && (
            <div>
              <dt>{t('people.profile.location')}</dt>
              <dd>{user.location}</dd>
            </div>
          )}
          {user.created_at > 0 && (
            <div>
              <dt>{t('people.profile.member_since')}</dt>
              <dd>
                <time dateTime={new Date(user.created_at * 1000).toISOString()}>
                  {formatFullTime(user.created_at, { t: shared.t, timeZone })}
                </time>
              </dd>
            </div>
          )}
          {!!user.last_login_date && (
            <div>
              <dt>{t('people.profile.last_seen')}</dt>
              <dd>
                <RelativeTime time={user.last_login_date} timeZone={timeZone} />
              </dd>
            </div>
          )}
        </dl>
      </div>
    </header>
  );
}

function tabPath(username: string, tab: ProfileTabName) {
  return tab === 'overview' ? paths.user(username) : paths.userTab(username, tab);
}

/** /users/{username} and /users/{username}/{tab}: the header and the tab lists (personal/* pages). */
export default function ProfileScreen() {
  const { t } = useTranslation(NAMESPACE);
  const params = useParams();
  const username = params.username ?? '';
  const tabName = (params.tabName ?? 'overview') as ProfileTabName;
  const { user: me } = useCurrentUser();
  const { timeZone, permalink } = useSite();
  const info = useQuery({ ...personalInfoQuery(username), enabled: !!username });
  const isOwner = !!me && !!info.data && me.username === info.data.username;
  const tabs = PROFILE_TABS.filter((tab) => !tab.ownerOnly || isOwner);
  const knownTab = PROFILE_TABS.some((tab) => tab.name === tabName);
  useDocumentTitle(info.data ? info.data.display_name || info.data.username : null);

  if (info.isPending) return <ListPlaceholder rows={3} />;
  if (info.isError || !info.data) {
    return (
      <p role="alert" className="people-muted">
        {t('people.common.load_failed')}
      </p>
    );
  }
  const user = info.data;

  return (
    <TimeZoneProvider timeZone={timeZone}>
      <div className="people-page people-profile">
        <ProfileHeader user={user} timeZone={timeZone} />
        <nav className="people-tabs" aria-label={t('people.profile.tabs_label')}>
          <ul>
            {tabs.map((tab) => (
              <li key={tab.name}>
                <NavLink end to={tabPath(user.username, tab.name)} className="people-tabs__link">
                  {t(tabLabelKey(tab.name))}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="people-profile__content" aria-label={t(tabLabelKey(knownTab ? tabName : 'overview'))}>
          {knownTab ? (
            <ProfileTab tab={tabName} username={user.username} isOwner={isOwner} permalink={permalink} />
          ) : (
            <p className="people-muted">{t('people.profile.unknown_tab')}</p>
          )}
        </section>
      </div>
    </TimeZoneProvider>
  );
}
