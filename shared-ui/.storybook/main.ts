import { pluginReact } from '@rsbuild/plugin-react';
import type { StorybookConfig } from 'storybook-react-rsbuild';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  addons: [],
  framework: { name: 'storybook-react-rsbuild', options: {} },
  // Offline and quiet: no telemetry, no update check.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  rsbuildFinal: (config) => ({ ...config, plugins: [...(config.plugins ?? []), pluginReact()] }),
};

export default config;
