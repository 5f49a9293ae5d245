import { paths } from '@agora/shared-api';
import type { UserBasicInfo } from '@agora/shared-api/contract';
import { formatCount, RelativeTime, UserAvatar } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { Link } from 'react-router-dom';

/** Who wrote (or edited) a post and when: avatar, name linking to the profile, reputation. */
export function AuthorCard({
  user,
  action,
  time,
  timeZone,
}: {
  user: UserBasicInfo | undefined;
  action: string;
  time: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const name = user ? user.display_name || user.username : '';
  return (
    <div className="qa-author">
      <div className="qa-author__when">
        {action} <RelativeTime time={time} timeZone={timeZone} />
      </div>
      {user?.username ? (
        <div className="qa-author__who">
          <UserAvatar avatar={user.avatar} name={name} size={40} />
          <div>
            <Link className="qa-author__name" to={paths.user(user.username)}>
              {name}
            </Link>
            <div className="qa-author__rank">
              {t('detail.author.reputation', { value: formatCount(user.rank, i18n.language) })}
            </div>
          </div>
        </div>
      ) : (
        <div className="qa-author__who qa-muted">{t('detail.author.deleted_user')}</div>
      )}
    </div>
  );
}
