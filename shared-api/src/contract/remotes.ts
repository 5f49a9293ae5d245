import { Type, type Static } from 'typebox';

/** Federation names are JS identifiers (they become container globals). */
const FederationName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' });
/** A manifest URL: site-relative (/remotes/...) or absolute http(s). */
const ManifestUrl = Type.String({ pattern: '^(/|https?://)[^\\s"<>]*mf-manifest\\.json$' });

export const RemoteEntry = Type.Object({ name: FederationName, entry: ManifestUrl }, { additionalProperties: false });
export type RemoteEntry = Static<typeof RemoteEntry>;

export const PluginRemote = Type.Object(
  {
    slug_name: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{1,99}$' }),
    name: FederationName,
    entry: ManifestUrl,
    /** Exposed module that renders the plugin's admin page. */
    module: Type.String({ pattern: '^\\./[A-Za-z0-9_/-]+$' }),
    label: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type PluginRemote = Static<typeof PluginRemote>;

/** GET /remotes.json: which remotes exist and where their manifests are. Served by the server from its configuration. */
export const RemoteList = Type.Object(
  { remotes: Type.Array(RemoteEntry), plugins: Type.Array(PluginRemote) },
  { additionalProperties: false },
);
export type RemoteList = Static<typeof RemoteList>;

/** The remotes every product build has; locations come only from the remote list. */
export const CORE_REMOTES = ['mf_qa', 'mf_users', 'mf_review', 'mf_admin', 'mf_install'] as const;
export type CoreRemote = (typeof CORE_REMOTES)[number];
