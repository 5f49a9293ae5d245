import { Type, type Static } from 'typebox';

/** One entry of GET /answer/api/v1/plugin/status. */
export const PluginStatus = Type.Object({ slug_name: Type.String(), enabled: Type.Boolean() });
export type PluginStatus = Static<typeof PluginStatus>;

export const PluginStatusList = Type.Array(PluginStatus);
export type PluginStatusList = Static<typeof PluginStatusList>;

// Plugin features this site has no plugin for yet. Answer's UI calls these
// on every page; while the feature is off they answer "nothing here" in the contract's shapes.

/** GET user-center/agent: `enabled: false` (no user-center plugin; the site's own accounts are used). */
export const UserCenterAgent = Type.Object({
  enabled: Type.Boolean(),
  agent_info: Type.Optional(
    Type.Object({
      name: Type.String(),
      display_name: Type.String(),
      icon: Type.String(),
      url: Type.String(),
      login_redirect_url: Type.String(),
      sign_up_redirect_url: Type.String(),
      control_center: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), url: Type.String() })),
      enabled_original_user_system: Type.Boolean(),
    }),
  ),
});
export type UserCenterAgent = Static<typeof UserCenterAgent>;

/** GET connector/info: the sign-in connectors (OAuth) offered on the login page. */
export const ConnectorInfoList = Type.Array(
  Type.Object({ name: Type.String(), icon: Type.String(), link: Type.String() }),
);
export type ConnectorInfoList = Static<typeof ConnectorInfoList>;

/** GET connector/user/info: the connectors and whether the logged-in member has bound each. */
export const ConnectorUserInfoList = Type.Array(
  Type.Object({
    name: Type.String(),
    icon: Type.String(),
    link: Type.String(),
    binding: Type.Boolean(),
    external_id: Type.String(),
  }),
);
export type ConnectorUserInfoList = Static<typeof ConnectorUserInfoList>;

/** GET user/plugin/configs: enabled plugins that have settings per member. */
export const UserPluginConfigList = Type.Array(Type.Object({ name: Type.String(), slug_name: Type.String() }));
export type UserPluginConfigList = Static<typeof UserPluginConfigList>;
