/** A check mark (an accepted answer); decorative, the text beside it says it. */
export function CheckIcon() {
  return (
    <svg className="qa-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6.2 11.6 2.6 8l1.1-1.1 2.5 2.5 6.1-6.1L13.4 4.4z" />
    </svg>
  );
}
