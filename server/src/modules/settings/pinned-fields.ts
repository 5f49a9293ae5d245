import { isDeepStrictEqual } from 'node:util';
import type { PinnedSettings } from '@agora/shared-api/contract';
import type { FieldFailure } from '../../lib/api-failure';
import type { SettingsGroup, SiteOverrides, SiteSettings } from './schema';
import { deepMerge } from './store';

/** The admin path (under /answer/admin/api) that edits each settings group. */
export const ADMIN_PATHS: Record<SettingsGroup, string> = {
  general: 'siteinfo/general',
  interface: 'siteinfo/interface',
  branding: 'siteinfo/branding',
  login: 'siteinfo/login',
  theme: 'siteinfo/theme',
  custom_css_html: 'siteinfo/custom-css-html',
  seo: 'siteinfo/seo',
  users: 'siteinfo/users',
  legal: 'siteinfo/polices',
  security: 'siteinfo/security',
  question: 'siteinfo/question',
  tag: 'siteinfo/tag',
  smtp: 'setting/smtp',
  moderation: 'siteinfo/moderation',
  advanced: 'siteinfo/advanced',
};

/** siteinfo/users-settings edits these two fields of the `users` group. */
export const USERS_SETTINGS_FIELDS = ['default_avatar', 'gravatar_base_url'] as const;

/**
 * GET setting/pinned: the fields the configuration file fixes, per admin path. Only fields that
 * exist in the group count; the pinned login switch also fixes security's copy of it.
 */
export function pinnedFields(pinned: SiteOverrides): PinnedSettings {
  const out: PinnedSettings = {};
  for (const [group, values] of Object.entries(pinned) as [SettingsGroup, object | undefined][]) {
    const fields = Object.keys(values ?? {});
    if (fields.length === 0) continue;
    out[ADMIN_PATHS[group]] = fields.sort();
    if (group === 'users') {
      const part = fields.filter((f) => (USERS_SETTINGS_FIELDS as readonly string[]).includes(f));
      if (part.length) out['siteinfo/users-settings'] = part;
    }
    if (group === 'login' && fields.includes('login_required'))
      out[ADMIN_PATHS.security] = [...new Set([...(out[ADMIN_PATHS.security] ?? []), 'login_required'])].sort();
  }
  return out;
}

/**
 * Field failures for a group about to be saved: every field the configuration file pins must keep
 * its pinned value (a nested pin, such as one theme's colour, must be contained in what is sent).
 */
export function pinnedFailures<G extends SettingsGroup>(
  pinned: SiteOverrides,
  group: G,
  value: SiteSettings[G],
): FieldFailure[] {
  const fixed = (pinned[group] ?? {}) as Record<string, unknown>;
  const sent = value as Record<string, unknown>;
  const failures: FieldFailure[] = [];
  for (const [field, pin] of Object.entries(fixed)) {
    if (pin === undefined) continue;
    if (!isDeepStrictEqual(deepMerge(sent[field], pin), sent[field]))
      failures.push({ field, reason: 'error.settings.pinned', params: { field } });
  }
  return failures;
}
