import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

/** A member of a test site: its user id, role (1 user, 2 admin, 3 moderator), reputation and status. */
export interface TestMember {
  id: number;
  roleId: number;
  rank: number;
  /** user.status (default 1, normal). */
  status?: number;
}

/**
 * Adds the members of a test site as activated users named by their keys (display name capitalised,
 * e-mail `<name>@example.com`). User 1, the install's admin, already exists and is left as it is.
 */
export async function addMembers(db: Kysely<DB>, members: Record<string, TestMember>): Promise<void> {
  const now = Date.now();
  for (const [name, member] of Object.entries(members)) {
    if (member.id === 1) continue;
    await db
      .insertInto('user')
      .values({
        id: member.id,
        username: name,
        username_key: name,
        e_mail: `${name}@example.com`,
        e_mail_key: `${name}@example.com`,
        pass: '',
        display_name: name[0]!.toUpperCase() + name.slice(1),
        avatar: '',
        bio: '',
        bio_html: '',
        mail_status: 1,
        rank: member.rank,
        role_id: member.roleId,
        status: member.status ?? 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
