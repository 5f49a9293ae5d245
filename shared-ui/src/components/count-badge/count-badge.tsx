import './count-badge.css';

/** The text a count badge shows: nothing at 0 or below, the number up to `max`, '{max}+' above it. */
export function countBadgeText(count: number, max = 99): string | null {
  if (!(count > 0)) return null;
  return count > max ? `${max}+` : String(Math.trunc(count));
}

export interface CountBadgeProps {
  count: number;
  /** Review badge cap: 99, shown as '99+' above it. */
  max?: number;
  /** Accessible description, e.g. '12 pending reviews'; default: the visible text alone. */
  label?: string;
}

/** Badge (e.g. pending reviews): nothing at 0, the number up to 99, '99+' above. */
export function CountBadge({ count, max = 99, label }: CountBadgeProps) {
  const text = countBadgeText(count, max);
  if (text === null) return null;
  return (
    <span className="agora-count-badge" title={label}>
      {/* Whitespace is ignored by the flex layout but keeps 'Review 12' apart in accessible names. */}{' '}
      <span aria-hidden={label ? true : undefined}>{text}</span>
      {label && <span className="agora-visually-hidden">{label}</span>}
    </span>
  );
}
