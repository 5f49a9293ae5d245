import { useSharedUiTranslation } from '../../i18n/register';
import './empty-list.css';

/** Message for a list or search with no results. */
export function EmptyList() {
  const { t } = useSharedUiTranslation();
  return (
    <div className="agora-empty-list">
      <p>{t('empty_list')}</p>
    </div>
  );
}
