import { Type, type Static } from 'typebox';

/** One entry of GET /answer/api/v1/plugin/status. */
export const PluginStatus = Type.Object({ slug_name: Type.String(), enabled: Type.Boolean() });
export type PluginStatus = Static<typeof PluginStatus>;

export const PluginStatusList = Type.Array(PluginStatus);
export type PluginStatusList = Static<typeof PluginStatusList>;
