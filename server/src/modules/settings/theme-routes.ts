import { SiteCustomCssHtml, SiteTheme } from '@agora/shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok, responses } from '../../lib/envelope';
import { DEFAULT_PRIMARY_COLOR } from './defaults';
import { FieldChecks, isHexColor } from './rules';
import { groupSaver, type SettingsRoutesOptions } from './save';
import { THEMES } from './themes';

export const NAVBAR_STYLES = ['colored', 'light'] as const;
export const COLOR_SCHEMES = ['system', 'light', 'dark'] as const;
export const LAYOUTS = ['Full-width', 'Fixed-width'] as const;
/** Each custom CSS or HTML block. */
export const CUSTOM_BLOCK_MAX = 65_536;

const ThemeBody = Type.Object({
  theme: Type.String({ maxLength: 100 }),
  theme_config: Type.Record(
    Type.String({ maxLength: 100 }),
    Type.Object({ navbar_style: Type.String({ maxLength: 20 }), primary_color: Type.String({ maxLength: 20 }) }),
    { maxProperties: 20 },
  ),
  color_scheme: Type.String({ maxLength: 20 }),
  layout: Type.Optional(Type.String({ maxLength: 20 })),
});

const admin = { auth: 'admin' } as const;

/** Before the scheme was checked, 'default' meant "follow the system". */
const scheme = (value: string) => (value === 'default' ? 'system' : value);

/**
 * The look of the site under /answer/admin/api, administrators only: siteinfo/theme (theme from
 * THEMES, which admin-content's theme/options lists; per-theme navbar style and primary colour,
 * colour scheme, layout) and
 * siteinfo/custom-css-html (served at /custom.css and in the page).
 */
export const themeSettingsRoutes: FastifyPluginAsyncTypebox<SettingsRoutesOptions> = async (app, { pinned }) => {
  const save = groupSaver(app, pinned);

  app.get('/siteinfo/theme', { config: admin, schema: { response: responses(SiteTheme, [401, 403]) } }, async (r) => {
    const theme = await app.settings.get('theme');
    return ok(r, { ...theme, color_scheme: scheme(theme.color_scheme) });
  });
  app.put(
    '/siteinfo/theme',
    { config: admin, schema: { body: ThemeBody, response: responses(SiteTheme, [400, 401, 403]) } },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      check.oneOf(
        'theme',
        body.theme,
        THEMES.map((t) => t.value),
      );
      const config: SiteTheme['theme_config'] = {};
      for (const [name, entry] of Object.entries(body.theme_config)) {
        if (!THEMES.some((t) => t.value === name)) {
          check.fail('theme_config', 'validation.one_of', { values: THEMES.map((t) => t.value).join(', ') });
          continue;
        }
        const color = entry.primary_color.trim() || DEFAULT_PRIMARY_COLOR;
        const navbar = entry.navbar_style.trim();
        // A navbar is coloured with the primary colour, white, or a colour of its own.
        if (!(NAVBAR_STYLES as readonly string[]).includes(navbar) && !isHexColor(navbar))
          check.fail('navbar_style', 'error.settings.navbar_style_invalid');
        if (!isHexColor(color)) check.fail('primary_color', 'error.settings.color_invalid');
        config[name] = { navbar_style: navbar, primary_color: color.toUpperCase() };
      }
      config[body.theme] ??= { navbar_style: 'colored', primary_color: DEFAULT_PRIMARY_COLOR };
      const colorScheme = scheme(body.color_scheme);
      check.oneOf('color_scheme', colorScheme, COLOR_SCHEMES);
      const layout = body.layout ?? (await app.settings.get('theme')).layout ?? 'Full-width';
      check.oneOf('layout', layout, LAYOUTS);
      const value = { theme: body.theme, theme_config: config, color_scheme: colorScheme, layout };
      return ok(request, await save(request, 'theme', value, check.failures));
    },
  );

  app.get(
    '/siteinfo/custom-css-html',
    { config: admin, schema: { response: responses(SiteCustomCssHtml, [401, 403]) } },
    async (r) => ok(r, await app.settings.get('custom_css_html')),
  );
  app.put(
    '/siteinfo/custom-css-html',
    {
      config: admin,
      schema: { body: SiteCustomCssHtml, response: responses(SiteCustomCssHtml, [400, 401, 403]) },
    },
    async (request) => {
      const body = request.body;
      const check = new FieldChecks();
      const value = {
        custom_css: body.custom_css,
        custom_head: body.custom_head,
        custom_header: body.custom_header,
        custom_footer: body.custom_footer,
        custom_sidebar: body.custom_sidebar,
      };
      for (const [field, text] of Object.entries(value)) check.length(field, text, CUSTOM_BLOCK_MAX);
      return ok(request, await save(request, 'custom_css_html', value, check.failures));
    },
  );
};
