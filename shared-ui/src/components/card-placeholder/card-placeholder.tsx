import { useSharedUiTranslation } from '../../i18n/register';
import '../../styles/placeholder.css';

/** Loading stand-in for a card grid (tags, users): default of 20 cards. */
export function CardPlaceholder({ cards = 20 }: { cards?: number }) {
  const { t } = useSharedUiTranslation();
  return (
    <div className="agora-card-placeholder" role="status" aria-busy="true">
      <span className="agora-visually-hidden">{t('loading')}</span>
      {Array.from({ length: Math.max(0, cards) }, (_, i) => (
        <div key={i} className="agora-card-placeholder__card" data-testid="placeholder-card" aria-hidden="true">
          <span className="agora-shimmer agora-shimmer--title" />
          <span className="agora-shimmer agora-shimmer--line" />
          <span className="agora-shimmer agora-shimmer--line" />
          <span className="agora-shimmer agora-shimmer--short" />
        </div>
      ))}
    </div>
  );
}
