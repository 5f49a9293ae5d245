import { markTerms } from '@agora/shared-api';
import { Fragment } from 'react';

/**
 * Plain text with the searched words and phrases in <mark>. The text stays text (React escapes it):
 * no markup from the server is ever interpreted.
 */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  if (terms.length === 0) return <>{text}</>;
  return (
    <>
      {markTerms(text, [...terms]).map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </>
  );
}
