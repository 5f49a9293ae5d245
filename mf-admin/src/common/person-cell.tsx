import { paths } from '@agora/shared-api';
import { UserAvatar, type AvatarValue } from '@agora/shared-ui';
import { Link } from 'react-router-dom';

/** A member in a table cell: picture and name, linking to their admin overview. */
export function PersonCell({
  user,
}: {
  user: { id: string; display_name: string; username: string; avatar: AvatarValue };
}) {
  const name = user.display_name || user.username;
  return (
    <span className="admin-person">
      <UserAvatar avatar={user.avatar} name={name} size={24} />
      <Link to={paths.admin(`users/${user.id}`)}>{name}</Link>
    </span>
  );
}
