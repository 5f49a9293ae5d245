import { useEffect } from 'react';

/**
 * SPEC §5: leaving the page while a comment form holds unsaved text asks first. Browsers show their own
 * wording for this prompt; `message` is what older ones display.
 */
export function useLeaveWarning(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Legacy browsers read the text from returnValue.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, message]);
}
