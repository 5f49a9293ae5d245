import type { CurrentUser } from '../contract';

/** A logged-in member as GET user/info and the login endpoints give it; tests override what they need. */
export const TEST_USER: CurrentUser = {
  id: '7',
  username: 'ada',
  display_name: 'Ada',
  e_mail: 'ada@example.com',
  avatar: '',
  rank: 1,
  bio: '',
  bio_html: '',
  website: '',
  location: '',
  language: 'Default',
  status: 'normal',
  mail_status: 1,
  role_id: 1,
  have_password: true,
  access_token: 'token-ada',
};
