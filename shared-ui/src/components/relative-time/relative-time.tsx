import { useEffect, useState } from 'react';
import { formatFullTime, formatRelativeTime, relativeTimeRefreshDelay, toIsoString } from '../../format/relative-time';
import { useSharedUiTranslation } from '../../i18n/register';
import { useTimeZone } from './time-zone';

export interface RelativeTimeProps {
  /** Unix time in seconds (as the API sends it). */
  time: number;
  /** Overrides the TimeZoneProvider's zone. */
  timeZone?: string;
  className?: string;
}

/**
 * <time> with the relative text, the full date as its title and the ISO instant as dateTime.
 * While the text counts seconds, minutes or hours it re-renders when it can change.
 */
export function RelativeTime({ time, timeZone, className }: RelativeTimeProps) {
  const { t } = useSharedUiTranslation();
  const contextZone = useTimeZone();
  const zone = timeZone ?? contextZone;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const delay = relativeTimeRefreshDelay(time, now);
    if (delay === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [time, now]);

  return (
    <time className={className} dateTime={toIsoString(time)} title={formatFullTime(time, { t, timeZone: zone })}>
      {formatRelativeTime(time, { now, t, timeZone: zone })}
    </time>
  );
}
