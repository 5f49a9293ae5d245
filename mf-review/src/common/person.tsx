import { paths } from '@agora/shared-api';
import type { UserBasicInfo } from '@agora/shared-api/contract';
import { RelativeTime, UserAvatar } from '@agora/shared-ui';
import { Link } from 'react-router-dom';

/** Someone who did something in a task (the editor, the flagger, the author): picture, name linking to the profile, when. */
export function Person({ label, user, time }: { label: string; user: UserBasicInfo | undefined; time?: number }) {
  const name = user ? user.display_name || user.username : '';
  return (
    <div className="review-person">
      <span className="review-person__label">{label}</span>
      {user && (
        <>
          <UserAvatar avatar={user.avatar} name={name} size={24} />
          <Link to={paths.user(user.username)}>{name}</Link>
        </>
      )}
      {time !== undefined && time > 0 && <RelativeTime time={time} className="review-muted" />}
    </div>
  );
}
