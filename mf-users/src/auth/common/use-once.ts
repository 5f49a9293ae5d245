import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per mounted screen, also under React's strict mode (which mounts effects twice):
 * e-mailed codes are single use, so the request must never go out twice.
 */
export function useOnce(effect: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
