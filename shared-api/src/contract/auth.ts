import { Type, type Static } from 'typebox';
import { RoleId, UserStatus } from './user';

/** POST /answer/api/v1/user/login/email (docs/wire-contract.md). */
export const LoginEmailBody = Type.Object({
  e_mail: Type.String({ format: 'email', maxLength: 500 }),
  pass: Type.String({ minLength: 8, maxLength: 32 }),
  captcha_id: Type.Optional(Type.String({ maxLength: 100 })),
  captcha_code: Type.Optional(Type.String({ maxLength: 100 })),
});
export type LoginEmailBody = Static<typeof LoginEmailBody>;

/**
 * UserLogin: what login, registration and e-mail verification answer with. `avatar` is a URL here
 * ('' for the letter avatar), unlike GET user/info where it is an object. Times are Unix seconds.
 */
export const UserLogin = Type.Object({
  id: Type.String(),
  created_at: Type.Integer(),
  last_login_date: Type.Integer(),
  username: Type.String(),
  e_mail: Type.String(),
  mail_status: Type.Integer(),
  notice_status: Type.Integer(),
  follow_count: Type.Integer(),
  answer_count: Type.Integer(),
  question_count: Type.Integer(),
  rank: Type.Integer(),
  authority_group: Type.Integer(),
  display_name: Type.String(),
  avatar: Type.String(),
  mobile: Type.String(),
  bio: Type.String(),
  bio_html: Type.String(),
  website: Type.String(),
  location: Type.String(),
  language: Type.String(),
  color_scheme: Type.String(),
  access_token: Type.String(),
  role_id: RoleId,
  status: UserStatus,
  have_password: Type.Boolean(),
  visit_token: Type.Optional(Type.String()),
  suspended_until: Type.Integer(),
});
export type UserLogin = Static<typeof UserLogin>;
