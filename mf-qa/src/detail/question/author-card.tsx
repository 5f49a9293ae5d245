import { paths } from '@agora/shared-api';
import type { UserBasicInfo } from '@agora/shared-api/contract';
import { formatCount, RelativeTime, UserAvatar } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { Link } from 'react-router-dom';

/**
 * Who wrote (or edited) a post and when: avatar, name linking to the profile and reputation, and under the
 * name what they did and when ("asked 26m ago").
 */
export function AuthorCard({
  user,
  action,
  time,
  timeZone,
}: {
  user: UserBasicInfo | undefined;
  /** The verb before the time: detail.author.asked, answered or edited. */
  action: string;
  time: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const name = user ? user.display_name || user.username : '';
  return (
    <div className="qa-author">
      {user?.username && <UserAvatar avatar={user.avatar} name={name} size={40} />}
      <div className="qa-author__text">
        {user?.username ? (
          <div className="qa-author__who">
            <Link className="qa-author__name" to={paths.user(user.username)}>
              {name}
            </Link>{' '}
            <span className="qa-author__rank">
              {t('detail.author.reputation', { value: formatCount(user.rank, i18n.language) })}
            </span>
          </div>
        ) : (
          <div className="qa-author__who qa-muted">{t('detail.author.deleted_user')}</div>
        )}
        <div className="qa-author__when">
          {action} <RelativeTime time={time} timeZone={timeZone} />
        </div>
      </div>
    </div>
  );
}
