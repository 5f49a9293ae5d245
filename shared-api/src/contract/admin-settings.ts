import { Type, type Static } from 'typebox';

// Settings groups the admin API adds to those siteinfo already serves (site.ts, smtp.ts, legal.ts,
// question-ops.ts, review.ts), and what the settings screens need to know about each group.

/** GET/PUT siteinfo/advanced: upload limits (sizes in MB) and allowed file extensions (without dots). */
export const SiteAdvanced = Type.Object({
  max_image_size: Type.Integer({ minimum: 1, maximum: 1024 }),
  max_attachment_size: Type.Integer({ minimum: 1, maximum: 1024 }),
  max_image_megapixel: Type.Integer({ minimum: 1, maximum: 1000 }),
  authorized_image_extensions: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 50 }),
  authorized_attachment_extensions: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 100 }),
});
export type SiteAdvanced = Static<typeof SiteAdvanced>;

/** The privilege levels an administrator picks from: three presets and 99, custom values. */
export const PrivilegeLevel = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(99)]);
export type PrivilegeLevel = Static<typeof PrivilegeLevel>;

/** One privilege: its key (`rank.question.add`...), translated label, and the reputation it needs. */
export const PrivilegeValue = Type.Object({ key: Type.String(), label: Type.String(), value: Type.Integer() });
export type PrivilegeValue = Static<typeof PrivilegeValue>;

/** GET setting/privileges: every level with its values, and the level in force. */
export const PrivilegeSettings = Type.Object({
  options: Type.Array(
    Type.Object({ level: PrivilegeLevel, level_desc: Type.String(), privileges: Type.Array(PrivilegeValue) }),
  ),
  selected_level: PrivilegeLevel,
});
export type PrivilegeSettings = Static<typeof PrivilegeSettings>;

/** PUT setting/privileges: a preset, or 99 with a value of at least 1 for each privilege. */
export const PrivilegeSettingsBody = Type.Object({
  level: PrivilegeLevel,
  custom_privileges: Type.Optional(
    Type.Array(Type.Object({ key: Type.String({ maxLength: 100 }), value: Type.Integer({ minimum: 1 }) }), {
      maxItems: 100,
    }),
  ),
});
export type PrivilegeSettingsBody = Static<typeof PrivilegeSettingsBody>;

/**
 * Our addition, GET setting/pinned: the fields the server's configuration file fixes, per admin
 * settings path (`siteinfo/general`, `setting/smtp`...). Their screens show them read-only with a
 * note; a PUT that changes one is refused with a field error.
 */
export const PinnedSettings = Type.Record(Type.String(), Type.Array(Type.String()));
export type PinnedSettings = Static<typeof PinnedSettings>;

/** GET/PUT siteinfo/users-settings: the default avatar for members who chose none. */
export const SiteUsersSettings = Type.Object({
  default_avatar: Type.Union([Type.Literal('system'), Type.Literal('gravatar')]),
  gravatar_base_url: Type.String({ maxLength: 512 }),
});
export type SiteUsersSettings = Static<typeof SiteUsersSettings>;
