import { NotAvailable } from '@agora/shared-ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../expose/routes';

/** A screen of this remote whose capability has not been built yet. */
export function placeholderScreen(screen: string) {
  function Placeholder() {
    const { t } = useTranslation(NAMESPACE);
    return <NotAvailable feature={t(`screens.${screen}`)} />;
  }
  Placeholder.displayName = `Placeholder(${screen})`;
  return { default: Placeholder };
}
