import { useId, type ReactNode } from 'react';
import './side-card.css';

export interface SideCardProps {
  title: ReactNode;
  children: ReactNode;
  /** Controls placed in the header, e.g. the following-tags card's edit button. */
  extra?: ReactNode;
  /** Default 2: side cards sit under the page's h1. */
  headingLevel?: 2 | 3;
}

/** A titled sidebar section in plain markup (antd Card pulls in Tabs: +12 KB gzip). */
export function SideCard({ title, children, extra, headingLevel = 2 }: SideCardProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="agora-side-card" aria-labelledby={headingId}>
      <header className="agora-side-card__header">
        <Heading id={headingId} className="agora-side-card__title">
          {title}
        </Heading>
        {extra}
      </header>
      <div className="agora-side-card__body">{children}</div>
    </section>
  );
}
