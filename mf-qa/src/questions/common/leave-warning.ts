import { useEffect } from 'react';

/**
 * SPEC §5: leaving the page (closing, reloading) while a form holds unsaved text asks first. Browsers
 * show their own wording for this prompt. The ask form's guard (ask/leave-guard.tsx) also holds in-app
 * navigation; the answer and comment forms on a question page use this one.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
