import { paths } from '@agora/shared-api';
import { Navigate, useParams } from 'react-router-dom';

/** SPEC §2.3: mentions link to /u/{name}; the profile lives at /users/{name}. */
export function MentionAlias() {
  const { username = '' } = useParams();
  return <Navigate replace to={paths.user(username)} />;
}
