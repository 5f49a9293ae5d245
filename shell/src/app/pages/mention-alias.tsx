import { paths } from '@agora/shared-api';
import { Navigate, useParams } from 'react-router-dom';

/** Mentions link to /u/{name}; the profile lives at /users/{name}. */
export function MentionAlias() {
  const { username = '' } = useParams();
  return <Navigate replace to={paths.user(username)} />;
}
