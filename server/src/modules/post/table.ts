/**
 * Status numbers of posts (questions and answers), of tags and of a question's tag links, as the
 * database stores them (db/README.md). They live here, below every module that reads posts (question,
 * answer, tag, visibility, search, uploads), so none of those has to import another for a number.
 */

/** Administrators (2) and moderators (3): the roles that see and moderate every post. */
export const STAFF_ROLE_IDS = [2, 3] as const;
const STAFF_ROLES: ReadonlySet<number> = new Set(STAFF_ROLE_IDS);

export function isStaffRole(roleId: number | undefined): boolean {
  return roleId !== undefined && STAFF_ROLES.has(roleId);
}

/** question.status. */
export const QUESTION_STATUS = { open: 1, closed: 2, deleted: 10, pending: 11 } as const;
/** question.pin. */
export const PIN = { unpinned: 1, pinned: 2 } as const;
/** question.show. */
export const SHOW = { listed: 1, unlisted: 2 } as const;
/** answer.status. */
export const ANSWER_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
/** answer.adopted. */
export const ADOPTED = { no: 1, yes: 2 } as const;
/**
 * tag_rel.status: a listed question's link counts for the tag; an unlisted question's link is hidden
 * (not counted); a removed tag or a deleted question leaves the link deleted.
 */
export const TAG_REL = { available: 1, hidden: 2, deleted: 10 } as const;
/** tag.status. */
export const TAG_STATUS = { available: 1, deleted: 10 } as const;
