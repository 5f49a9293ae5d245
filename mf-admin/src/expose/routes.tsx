import { api, defineRemoteRoutes } from '@agora/shared-api';
import { useTheme } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useStore } from 'jotai';
import { translations } from '../i18n';
import { screens } from './screens';
import { NAMESPACE } from '../namespace';

export { NAMESPACE };

export default defineRemoteRoutes({
  remote: 'mf_admin',
  // This remote's own imports: a singleton it failed to share would show up as a different instance.
  sources: {
    apiClient: api,
    useQueryClient,
    useStore,
    i18n: i18next,
    useTheme,
    loadAntdContext: () => import('@agora/shared-ui/antd').then((m) => m.AntdConfigContext),
  },
  translations,
  screens,
});
