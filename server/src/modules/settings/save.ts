import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { auditOf, changedFields } from '../audit/service';
import { pinnedFailures } from './pinned-fields';
import type { SettingsGroup, SiteOverrides, SiteSettings } from './schema';

/** What every admin settings route plugin takes. */
export interface SettingsRoutesOptions {
  /** The configuration file's `site` object: the fields it names are pinned (refused if changed). */
  pinned?: SiteOverrides;
}

export type SaveGroup = <G extends SettingsGroup>(
  request: FastifyRequest,
  group: G,
  value: SiteSettings[G],
  failures?: readonly FieldFailure[],
) => Promise<SiteSettings[G]>;

/**
 * Saves a whole group after its checks: the route's field failures plus a failure for every pinned
 * field the value changes refuse the request (400, one field error each) and nothing is written.
 * A save is written to the audit log as the request's administrator, with the names of the fields
 * it changed (never their values: the SMTP password is one of them). Answers the group as it is now
 * in force.
 */
export function groupSaver(app: FastifyInstance, pinned: SiteOverrides = {}): SaveGroup {
  return async (request, group, value, failures = []) => {
    const all = [...failures];
    for (const failure of pinnedFailures(pinned, group, value))
      if (!all.some((f) => f.field === failure.field)) all.push(failure);
    if (all.length) throw ApiFailure.fields(all);
    if (!app.settings.set) throw new Error('the settings store cannot save settings');
    const before = await app.settings.get(group);
    await app.settings.set(group, value);
    await auditOf(request)({
      action: 'settings.saved',
      target: { type: 'settings', id: group, name: group },
      detail: { fields: changedFields(before, value) },
    });
    return app.settings.get(group);
  };
}
