import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

/** The texts of one settings screen: `k('x')` is `settings.<area>.x`. */
export function useSettingsText(area: string) {
  const { t } = useTranslation(NAMESPACE);
  return (key: string, options?: Record<string, unknown>) => t(`settings.${area}.${key}`, options ?? {});
}
