import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { STEPS } from './types';

/**
 * The wizard's progress display: 'Step n of 5' and an ordered list of the steps, the current one marked
 * with aria-current="step", earlier ones as completed.
 */
export function StepIndicator({ current }: { current: number }) {
  const { t } = useTranslation(NAMESPACE);
  const total = STEPS.length;
  return (
    <nav className="mf-install-progress" aria-label={t('install.progress.label')}>
      <p className="mf-install-progress__count">{t('install.progress.step_of', { current, total })}</p>
      <ol className="mf-install-steps">
        {STEPS.map((name, index) => {
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <li
              key={name}
              className={`mf-install-steps__item mf-install-steps__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="mf-install-steps__marker" aria-hidden="true">
                {state === 'done' ? '✓' : number}
              </span>
              <span className="mf-install-steps__title">{t(`install.steps.${name}`)}</span>
              <span className="mf-install-visually-hidden"> ({t(`install.progress.status_${state}`)})</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
