import { PluginRemote, RemoteEntry } from '@agora/shared-api/contract';
import { Type, type Static } from 'typebox';
import { DatabaseConfig } from './db/config';
import { OUTBOX_KEY_PATTERN } from './lib/sealed';
import { SiteOverrides } from './modules/settings/schema';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LogLevel = Type.Union(LOG_LEVELS.map((l) => Type.Literal(l)));
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A remote the shell may load: files served from `dir`, or a manifest somewhere else (`entry`). */
export const RemoteDeployment = Type.Object(
  {
    name: RemoteEntry.properties.name,
    /** Directory with the remote's built files; relative paths are relative to the config file. */
    dir: Type.Optional(Type.String({ minLength: 1 })),
    /** Manifest URL (site-relative or absolute); defaults to `/remotes/<name>/mf-manifest.json` for a `dir`. */
    entry: Type.Optional(RemoteEntry.properties.entry),
  },
  { additionalProperties: false },
);
export type RemoteDeployment = Static<typeof RemoteDeployment>;

export const PluginDeployment = Type.Object(
  {
    slug_name: PluginRemote.properties.slug_name,
    name: PluginRemote.properties.name,
    module: PluginRemote.properties.module,
    label: Type.Optional(Type.String()),
    dir: Type.Optional(Type.String({ minLength: 1 })),
    entry: Type.Optional(PluginRemote.properties.entry),
    /** A disabled plugin is reported by plugin/status and never offered to the shell. Default true. */
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PluginDeployment = Static<typeof PluginDeployment>;

/** The built-in image captcha (docs/wire-contract.md, server/README.md "Captcha"). */
export const CaptchaConfig = Type.Object(
  {
    /** Default true; false: no action ever needs a captcha. */
    enabled: Type.Optional(Type.Boolean()),
    /** Every captcha shows and expects this text: for automated tests only (a warning is logged). */
    fixed_text: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' })),
  },
  { additionalProperties: false },
);
export type CaptchaConfig = Static<typeof CaptchaConfig>;

/** The config file (`<dataDir>/config.json` or AGORA_CONFIG). Every key is optional. */
export const ConfigFile = Type.Object(
  {
    host: Type.Optional(Type.String({ minLength: 1 })),
    port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
    dataDir: Type.Optional(Type.String({ minLength: 1 })),
    shellDir: Type.Optional(Type.String({ minLength: 1 })),
    remotes: Type.Optional(Type.Array(RemoteDeployment)),
    plugins: Type.Optional(Type.Array(PluginDeployment)),
    logLevel: Type.Optional(LogLevel),
    /** Every API answers 503 base.maintenance except siteinfo; pages still load and show the maintenance screen. */
    maintenance: Type.Optional(Type.Boolean()),
    /**
     * Public URL of the site (general.site_url before install); defaults to http://localhost:<port>. On an
     * installed site the stored general.site_url is the site URL; an https:// value here still makes the
     * site HTTPS (session cookie, HSTS) and its origin passes the CSRF check (lib/site-address.ts).
     */
    siteUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s/]+(/[^\\s]*)?$' })),
    /** Site settings on top of the seeded defaults, group by group (see modules/settings). */
    site: Type.Optional(SiteOverrides),
    /** The built-in image captcha: `{enabled?, fixed_text?}`. */
    captcha: Type.Optional(CaptchaConfig),
    /**
     * Written by the installer (or at start-up when missing): the key that seals mail bodies in the
     * outbox (32 bytes, base64url). Every process of a site needs the same one.
     */
    outbox_key: Type.Optional(Type.String({ pattern: OUTBOX_KEY_PATTERN })),
    /** The release feed the dashboard's update check asks (JSON with `tag_name` or `version`). */
    update_check_url: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
    /** Written by the installer: where the site's database is. */
    database: Type.Optional(DatabaseConfig),
    /** Written by the installer: when the site was installed (its presence means "installed"). */
    installed_at: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
export type ConfigFile = Static<typeof ConfigFile>;
