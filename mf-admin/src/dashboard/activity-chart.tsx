import type { DashboardDay } from '@agora/shared-api/contract';
import { formatCount } from '@agora/shared-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

const SERIES = ['questions', 'answers', 'users'] as const;
type Series = (typeof SERIES)[number];
/** Each line has its own colour and its own dash, so the lines differ without colour too. */
const STYLE: Record<Series, { color: string; dash?: string }> = {
  questions: { color: 'var(--agora-primary, #0033ff)' },
  answers: { color: '#198754', dash: '6 4' },
  users: { color: '#d63384', dash: '2 3' },
};
const W = 600;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/** '2026-03-14' as 'Mar 14' (English) or '3月14日' in the reader's language, read as a calendar day. */
function dayLabel(date: string, language: string) {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language.replace('_', '-'), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/**
 * New questions, answers and members per day over the last 30 days: an SVG line chart (named and
 * described for screen readers by the totals) and the same figures as a table any reader can open.
 */
export function ActivityChart({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const ids = { title: useId(), desc: useId() };
  const language = i18n.language;
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map((s) => day[s])));
  const x = (i: number) => PAD.left + (days.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (days.length - 1));
  const y = (v: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / max);
  const totals = Object.fromEntries(SERIES.map((s) => [s, days.reduce((sum, day) => sum + day[s], 0)])) as Record<
    Series,
    number
  >;
  const ticks = days.length > 0 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : [];

  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={ids.title} aria-describedby={ids.desc}>
        <title id={ids.title}>{t('dashboard.activity.title')}</title>
        <desc id={ids.desc}>
          {t('dashboard.activity.summary', {
            questions: formatCount(totals.questions, language),
            answers: formatCount(totals.answers, language),
            users: formatCount(totals.users, language),
          })}
        </desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="admin-chart__axis" />
        <line x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} className="admin-chart__grid" />
        <text x={PAD.left - 6} y={y(0)} textAnchor="end" dominantBaseline="middle" className="admin-chart__label">
          0
        </text>
        <text x={PAD.left - 6} y={y(max)} textAnchor="end" dominantBaseline="middle" className="admin-chart__label">
          {formatCount(max, language)}
        </text>
        {ticks.map((i) => (
          <text key={i} x={x(i)} y={H - 8} textAnchor="middle" className="admin-chart__label">
            {dayLabel(days[i]!.date, language)}
          </text>
        ))}
        {SERIES.map((series) => (
          <polyline
            key={series}
            fill="none"
            stroke={STYLE[series].color}
            strokeDasharray={STYLE[series].dash}
            strokeWidth={2}
            points={days.map((day, i) => `${x(i)},${y(day[series])}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul className="admin-chart__legend">
          {SERIES.map((series) => (
            <li key={series}>
              <svg width="24" height="8" aria-hidden="true" focusable="false">
                <line
                  x1="0"
                  x2="24"
                  y1="4"
                  y2="4"
                  stroke={STYLE[series].color}
                  strokeDasharray={STYLE[series].dash}
                  strokeWidth={2}
                />
              </svg>
              {t(`dashboard.activity.${series}`)}
            </li>
          ))}
        </ul>
        <details className="admin-chart__table">
          <summary>{t('dashboard.activity.as_table')}</summary>
          <div className="admin-card" role="region" aria-label={t('dashboard.activity.table')} tabIndex={0}>
            <table>
              <caption className="admin-visually-hidden">{t('dashboard.activity.table')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.activity.date')}</th>
                  {SERIES.map((series) => (
                    <th key={series} scope="col">
                      {t(`dashboard.activity.${series}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">
                      <time dateTime={day.date}>{dayLabel(day.date, language)}</time>
                    </th>
                    {SERIES.map((series) => (
                      <td key={series}>{formatCount(day[series], language)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
