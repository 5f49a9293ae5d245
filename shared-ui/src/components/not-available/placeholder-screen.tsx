import { useTranslation } from 'react-i18next';
import { NotAvailable } from './not-available';

/**
 * A screen module for a route whose capability has not been built yet: the NotAvailable panel titled
 * with the screen's name from the remote's namespace (`screens.<screen>`).
 */
export function placeholderScreen(namespace: string, screen: string) {
  function Placeholder() {
    const { t } = useTranslation(namespace);
    return <NotAvailable feature={t(`screens.${screen}`)} />;
  }
  Placeholder.displayName = `Placeholder(${namespace}/${screen})`;
  return { default: Placeholder };
}
