import { renderScreen } from '@agora/shared-ui/testing';
import ReviewScreen from '../routes/review-screen';

export { currentLocation } from '@agora/shared-ui/testing';

/** The review screen as the shell mounts it at `url`, a moderator logged in (role 3). */
export const renderReview = (url = '/review') =>
  renderScreen(ReviewScreen, { url, routes: ['/review'], user: { role_id: 3, username: 'mod', display_name: 'Mo' } });
