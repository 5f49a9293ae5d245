import { useSharedUiTranslation } from '../../i18n/register';
import '../../styles/placeholder.css';

/** Loading stand-in for a list: default of 10 rows. */
export function ListPlaceholder({ rows = 10 }: { rows?: number }) {
  const { t } = useSharedUiTranslation();
  return (
    <div className="agora-list-placeholder" role="status" aria-busy="true">
      <span className="agora-visually-hidden">{t('loading')}</span>
      {Array.from({ length: Math.max(0, rows) }, (_, i) => (
        <div key={i} className="agora-list-placeholder__row" data-testid="placeholder-row" aria-hidden="true">
          <span className="agora-shimmer agora-shimmer--title" />
          <span className="agora-shimmer agora-shimmer--line" />
          <span className="agora-shimmer agora-shimmer--short" />
        </div>
      ))}
    </div>
  );
}
