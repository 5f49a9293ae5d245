import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

/** The texts of one settings screen: `k('x')` is `settings.<area>.x` (a new function when the language changes). */
export function useSettingsText(area: string) {
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    (key: string, options?: Record<string, unknown>) => t(`settings.${area}.${key}`, options ?? {}),
    [t, area],
  );
}
