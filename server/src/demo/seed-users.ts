import { emailKey, usernameKey } from '../modules/accounts/normalize';
import { escapeHtml } from './markdown';
import { insertAll, reserve } from './seed-db';
import type { WriteContext } from './seed-context';

export async function writeUsers(ctx: WriteContext): Promise<void> {
  const fresh = ctx.plan.users.filter((u) => !u.existing);
  if (fresh.length === 0) return;
  const first = await reserve(ctx.trx, 'user', fresh.length);
  fresh.forEach((u, i) => (u.id = first + i));
  const rows = fresh.map((u) => {
    const bio = u.bio ? `<p>${escapeHtml(u.bio)}</p>` : '';
    return {
      id: u.id,
      username: u.username,
      username_key: usernameKey(u.username),
      e_mail: u.email,
      e_mail_key: emailKey(u.email),
      pass: ctx.pass,
      mail_status: u.mailStatus,
      notice_status: 1,
      follow_count: 0,
      answer_count: u.answers,
      question_count: u.questions,
      rank: u.rank,
      authority_group: 1,
      display_name: u.display,
      avatar: '',
      mobile: '',
      bio: u.bio,
      bio_html: bio,
      website: u.website,
      location: u.location,
      ip_info: '',
      language: 'Default',
      color_scheme: 'default',
      role_id: u.roleId,
      status: u.status,
      suspended_at: u.suspendedAt,
      suspended_until: u.suspendedUntil,
      deleted_at: null,
      last_login_date: u.lastLogin,
      created_at: u.created,
      updated_at: u.created,
    };
  });
  await insertAll(ctx.trx, 'user', rows);
}
