import { formatFullTime, SHARED_UI_NS, useTimeZone } from '@agora/shared-ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/** Unix seconds as the full date and time in the viewer's time zone ('MMM D, YYYY at HH:mm'). */
export function useFullTime() {
  const { t } = useTranslation(SHARED_UI_NS);
  const timeZone = useTimeZone();
  return useCallback((time: number) => formatFullTime(time, { t, timeZone }), [t, timeZone]);
}

/** A <time> with the full date, or '—' (announced as 'never') for 0, the wire's "did not happen". */
export function FullTime({ time }: { time: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFullTime();
  if (!time) return <span aria-label={t('admin_list.never')}>—</span>;
  return <time dateTime={new Date(time * 1000).toISOString()}>{format(time)}</time>;
}
