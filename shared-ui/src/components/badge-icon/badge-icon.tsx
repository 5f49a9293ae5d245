import type { ReactNode } from 'react';
import { useSharedUiTranslation } from '../../i18n/register';
import './badge-icon.css';

/** 1 bronze, 2 silver, 3 gold (what the API sends). */
export type BadgeLevelValue = 1 | 2 | 3;

const LEVEL_NAMES = { 1: 'bronze', 2: 'silver', 3: 'gold' } as const;

/** The CSS modifier and translation key of a level; anything unexpected reads as bronze. */
export const badgeLevelName = (level: number) => LEVEL_NAMES[level as BadgeLevelValue] ?? LEVEL_NAMES[1];

// Line drawings on a 24×24 grid, stroked with the current colour.
const SHAPES: Record<string, ReactNode> = {
  question: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14" />
      <path d="M12 17.2v.1" />
    </>
  ),
  answer: <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />,
  accepted: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.8 2.8L16.5 9.5" />
    </>
  ),
  edit: (
    <>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V4" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </>
  ),
  vote: (
    <>
      <path d="M12 4 4 14h5v6h6v-6h5z" />
    </>
  ),
  bookmark: <path d="M6 3h12v18l-6-4.5L6 21z" />,
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </>
  ),
  score: <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />,
  views: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  reputation: (
    <>
      <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3" />
      <path d="M12 14v3M8 21h8l-1-4H9z" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
};

/** The generic medal: any name not drawn above, and image URLs (a badge never loads a foreign picture). */
const MEDAL = (
  <>
    <path d="M8 3h3l1 5-3 1zM16 3h-3l-1 5 3 1z" />
    <circle cx="12" cy="15" r="6" />
    <path d="m12 12 .9 1.9 2 .3-1.5 1.4.4 2-1.8-1-1.8 1 .4-2-1.5-1.4 2-.3z" />
  </>
);

export interface BadgeIconProps {
  /** An icon name (question, answer, accepted, edit, flag, vote, bookmark, profile, score, views, reputation, calendar). */
  icon: string;
  level: number;
  /** Pixels; default 24. */
  size?: number;
}

/** A badge's icon in its level's colour. Decorative: the badge's name and level are said in text beside it. */
export function BadgeIcon({ icon, level, size = 24 }: BadgeIconProps) {
  const shape = Object.hasOwn(SHAPES, icon) ? SHAPES[icon] : MEDAL;
  return (
    <span
      className={`agora-badge-icon agora-badge-icon--${badgeLevelName(level)}`}
      data-icon={Object.hasOwn(SHAPES, icon) ? icon : 'medal'}
      aria-hidden="true"
    >
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {shape}
      </svg>
    </span>
  );
}

/** The level in words (Bronze, Silver, Gold), marked with its colour: never colour alone. */
export function BadgeLevel({ level }: { level: number }) {
  const { t } = useSharedUiTranslation();
  const name = badgeLevelName(level);
  return <span className={`agora-badge-level agora-badge-level--${name}`}>{t(`badge.level.${name}`)}</span>;
}
