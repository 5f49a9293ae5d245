import type { FastifyInstance } from 'fastify';
import { ApiFailure, type FieldFailure } from '../../lib/api-failure';
import { pinnedFailures } from './pinned-fields';
import type { SettingsGroup, SiteOverrides, SiteSettings } from './schema';

/** What every admin settings route plugin takes. */
export interface SettingsRoutesOptions {
  /** The configuration file's `site` object: the fields it names are pinned (refused if changed). */
  pinned?: SiteOverrides;
}

export type SaveGroup = <G extends SettingsGroup>(
  group: G,
  value: SiteSettings[G],
  failures?: readonly FieldFailure[],
) => Promise<SiteSettings[G]>;

/**
 * Saves a whole group after its checks: the route's field failures plus a failure for every pinned
 * field the value changes refuse the request (400, one field error each) and nothing is written.
 * Answers the group as it is now in force.
 */
export function groupSaver(app: FastifyInstance, pinned: SiteOverrides = {}): SaveGroup {
  return async (group, value, failures = []) => {
    const all = [...failures];
    for (const failure of pinnedFailures(pinned, group, value))
      if (!all.some((f) => f.field === failure.field)) all.push(failure);
    if (all.length) throw ApiFailure.fields(all);
    if (!app.settings.set) throw new Error('the settings store cannot save settings');
    await app.settings.set(group, value);
    return app.settings.get(group);
  };
}
