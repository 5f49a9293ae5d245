import {
  PinnedSettings,
  PrivilegeSettings,
  PrivilegeSettingsBody,
  SiteAdvanced,
  type PrivilegeValue,
} from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../../lib/api-failure';
import { ok, responses } from '../../lib/envelope';
import {
  CUSTOM_LEVEL,
  LEVELLED_KEYS,
  PRESET_LEVELS,
  presetValues,
  type PrivilegeLevels,
  type SelectedLevel,
} from '../permission/levels';
import { auditOf, changedFields } from '../audit/service';
import { IMAGE_EXTENSIONS } from '../upload/images';
import { pinnedFields } from './pinned-fields';
import { cleanList, FieldChecks } from './rules';
import { groupSaver, type SettingsRoutesOptions } from './save';

/** Extensions the upload route can take as images: what it re-encodes (jpg, jpeg, png, webp). */
export const IMAGE_EXTENSION_CHOICES = Object.values(IMAGE_EXTENSIONS)
  .flat()
  .map((e) => e.slice(1));

const EXTENSION = /^[a-z0-9]{1,10}$/;
const admin = { auth: 'admin' } as const;

/** `question.add` -> its label's key (`settings.privilege.question_add`). */
const labelKey = (key: string) => `settings.privilege.${key.replace(/\./g, '_')}`;

function levelOption(request: FastifyRequest, level: SelectedLevel, values: Record<string, number>) {
  const privileges: PrivilegeValue[] = LEVELLED_KEYS.map((key) => ({
    key: `rank.${key}`,
    label: request.t(labelKey(key)),
    value: values[key] ?? 1,
  }));
  return { level, level_desc: request.t(`settings.privilege_level.${level}`), privileges };
}

/**
 * Under /answer/admin/api, administrators only: siteinfo/advanced (what uploads accept),
 * setting/privileges (the reputation each action needs) and our setting/pinned (the fields the
 * configuration file fixes).
 */
export const advancedSettingsRoutes: FastifyPluginAsyncTypebox<
  SettingsRoutesOptions & { levels?: PrivilegeLevels }
> = async (app, { pinned = {}, levels }) => {
  const save = groupSaver(app, pinned);

  /** Every level with its values (99: the custom values, else level 2's as a start) and the level in force. */
  const privilegeSettings = async (request: FastifyRequest): Promise<PrivilegeSettings> => {
    if (!levels) throw new Error('privilege levels need the site database');
    const stored = await levels.stored();
    const options = [
      ...PRESET_LEVELS.map((level) => levelOption(request, level, presetValues(level))),
      levelOption(request, CUSTOM_LEVEL, stored.custom ?? presetValues(2)),
    ];
    return { options, selected_level: stored.level };
  };

  app.get(
    '/siteinfo/advanced',
    { config: admin, schema: { response: responses(SiteAdvanced, [401, 403]) } },
    async (r) => ok(r, await app.settings.get('advanced')),
  );
  app.put(
    '/siteinfo/advanced',
    { config: admin, schema: { body: SiteAdvanced, response: responses(SiteAdvanced, [400, 401, 403]) } },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      const extensions = (field: string, list: string[]) => {
        const clean = cleanList(list, (e) => e.toLowerCase().replace(/^\.+/, ''));
        const bad = clean.find((e) => !EXTENSION.test(e));
        if (bad !== undefined) check.fail(field, 'error.settings.extension_invalid', { extension: bad });
        return clean;
      };
      const images = extensions('authorized_image_extensions', body.authorized_image_extensions);
      const unsupported = images.find((e) => !IMAGE_EXTENSION_CHOICES.includes(e));
      if (unsupported !== undefined)
        check.fail('authorized_image_extensions', 'error.settings.image_extension_unsupported', {
          extension: unsupported,
          values: IMAGE_EXTENSION_CHOICES.join(', '),
        });
      if (images.length === 0) check.fail('authorized_image_extensions', 'validation.min_items', { limit: 1 });
      const value = {
        max_image_size: body.max_image_size,
        max_attachment_size: body.max_attachment_size,
        max_image_megapixel: body.max_image_megapixel,
        authorized_image_extensions: images,
        authorized_attachment_extensions: extensions(
          'authorized_attachment_extensions',
          body.authorized_attachment_extensions,
        ),
      };
      return ok(request, await save(request, 'advanced', value, check.failures));
    },
  );

  app.get(
    '/setting/privileges',
    { config: admin, schema: { response: responses(PrivilegeSettings, [401, 403]) } },
    async (request) => ok(request, await privilegeSettings(request)),
  );
  app.put(
    '/setting/privileges',
    {
      config: admin,
      schema: { body: PrivilegeSettingsBody, response: responses(PrivilegeSettings, [400, 401, 403]) },
    },
    async (request) => {
      if (!levels) throw new Error('privilege levels need the site database');
      const { level, custom_privileges: list = [] } = request.body;
      let custom: Record<string, number> | undefined;
      if (level === CUSTOM_LEVEL) {
        custom = {};
        const check = new FieldChecks();
        for (const { key, value } of list) {
          const name = key.replace(/^rank\./, '');
          if (!(LEVELLED_KEYS as string[]).includes(name))
            check.fail('custom_privileges', 'error.settings.privilege_unknown', { key });
          else custom[name] = value;
        }
        const missing = LEVELLED_KEYS.filter((k) => custom![k] === undefined);
        if (missing.length)
          check.fail('custom_privileges', 'error.settings.privilege_missing', { keys: missing.join(', ') });
        if (check.failures.length) throw ApiFailure.fields(check.failures);
      }
      // The audit entry names the level and every privilege whose reputation changed.
      const before = await levels.stored();
      const valuesOf = (l: SelectedLevel, values?: Record<string, number>) =>
        l === CUSTOM_LEVEL ? (values ?? presetValues(2)) : presetValues(l);
      const fields = [
        ...(before.level === level ? [] : ['level']),
        ...changedFields(valuesOf(before.level, before.custom), valuesOf(level, custom)),
      ];
      const audit = auditOf(request);
      await levels.apply(level, custom, (trx) =>
        audit(
          {
            action: 'settings.saved',
            target: { type: 'settings', id: 'privileges', name: 'privileges' },
            detail: { fields, from: String(before.level), to: String(level) },
          },
          trx,
        ),
      );
      return ok(request, await privilegeSettings(request));
    },
  );

  app.get('/setting/pinned', { config: admin, schema: { response: responses(PinnedSettings, [401, 403]) } }, (r) =>
    ok(r, pinnedFields(pinned)),
  );
};
