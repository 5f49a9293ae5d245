import { Link } from 'react-router-dom';
import { useBreakpoint } from '../../hooks/use-breakpoint';
import { useSharedUiTranslation } from '../../i18n/register';
import { MoreMenu } from './more-menu';
import './sort-button-group.css';

export interface SortOption<V extends string = string> {
  value: V;
  label: string;
}

export interface SortButtonGroupProps<V extends string = string> {
  options: readonly SortOption<V>[];
  /** The active option. */
  value: V;
  onChange?: (value: V) => void;
  /** When given, options are links (e.g. '?order=newest'); otherwise buttons. */
  hrefFor?: (value: V) => string;
  /** Accessible name of the group; default 'Sort'. */
  label?: string;
}

/** Buttons shown on small screens (below md); the rest go under 'More'. */
export const SMALL_SCREEN_VISIBLE_SORTS = 2;

/**
 * Sort button group. The active option is aria-pressed (buttons) or aria-current (links);
 * when it is one of the options folded under 'More', that button shows its label.
 */
export function SortButtonGroup<V extends string>({
  options,
  value,
  onChange,
  hrefFor,
  label,
}: SortButtonGroupProps<V>) {
  const { t } = useSharedUiTranslation();
  const { md } = useBreakpoint();
  const visibleCount = md ? options.length : SMALL_SCREEN_VISIBLE_SORTS;
  const visible = options.slice(0, visibleCount);
  const folded = options.slice(visibleCount);

  return (
    <div role="group" aria-label={label ?? t('sort.label')} className="agora-sort">
      {visible.map((option) => {
        const active = option.value === value;
        const className = `agora-sort__btn${active ? ' is-active' : ''}`;
        return hrefFor ? (
          <Link
            key={option.value}
            to={hrefFor(option.value)}
            className={className}
            aria-current={active ? 'true' : undefined}
            onClick={() => onChange?.(option.value)}
          >
            {option.label}
          </Link>
        ) : (
          <button
            key={option.value}
            type="button"
            className={className}
            aria-pressed={active}
            onClick={() => onChange?.(option.value)}
          >
            {option.label}
          </button>
        );
      })}
      {folded.length > 0 && (
        <MoreMenu options={folded} value={value} hrefFor={hrefFor} onSelect={(next) => onChange?.(next)} />
      )}
    </div>
  );
}
