import type { ReactNode } from 'react';
import './page-container.css';

export interface PageContainerProps {
  children: ReactNode;
  /** Answer's 'Full-width' layout setting: no max-width, only the side padding. */
  fluid?: boolean;
  className?: string;
}

/** Centred container whose max-width steps at the breakpoints (sm 576 … xxl 1400). */
export function PageContainer({ children, fluid = false, className }: PageContainerProps) {
  const classes = ['agora-container', fluid && 'agora-container--fluid', className].filter(Boolean).join(' ');
  return <div className={classes}>{children}</div>;
}
