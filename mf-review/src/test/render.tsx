import { renderScreen } from '@agora/test-kit/render';
import ReviewScreen from '../routes/review-screen';

export { currentLocation } from '@agora/test-kit/render';

/** The review screen as the shell mounts it at `url`, a moderator logged in (role 3). */
export const renderReview = (url = '/review') =>
  renderScreen(ReviewScreen, { url, routes: ['/review'], user: { role_id: 3, username: 'mod', display_name: 'Mo' } });
