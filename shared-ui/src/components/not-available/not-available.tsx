import { useId } from 'react';
import { useSharedUiTranslation } from '../../i18n/register';
import './not-available.css';

export interface NotAvailableProps {
  /** Name of the missing capability, e.g. 'Notifications'; without it a generic sentence is used. */
  feature?: string;
  /** Heading level: 1 when it is the whole screen (default), 2 when it sits under a page title. */
  headingLevel?: 1 | 2;
}

/** An honest 'not available yet' panel for screens whose capability comes later: no fake content. */
export function NotAvailable({ feature, headingLevel = 1 }: NotAvailableProps) {
  const { t } = useSharedUiTranslation();
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="agora-not-available" role="status" aria-labelledby={headingId}>
      <Heading id={headingId} className="agora-not-available__title">
        {t('not_available.title')}
      </Heading>
      <p>{feature ? t('not_available.with_feature', { feature }) : t('not_available.generic')}</p>
    </section>
  );
}
