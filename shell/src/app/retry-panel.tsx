import { Button } from '@agora/shared-ui';
import type { HTMLAttributes, ReactNode } from 'react';

export interface RetryPanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: string;
  text: string;
  retryLabel: string;
  onRetry: () => void;
  /** More detail under the text (an error code). */
  children?: ReactNode;
}

/** A failure shown in place of what could not be loaded, announced at once, with a retry. */
export function RetryPanel({ title, text, retryLabel, onRetry, children, ...attributes }: RetryPanelProps) {
  return (
    <section role="alert" aria-live="assertive" className="remote-error" {...attributes}>
      <h2 className="remote-error__title">{title}</h2>
      <p className="remote-error__text">{text}</p>
      {children}
      <Button variant="primary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </section>
  );
}
