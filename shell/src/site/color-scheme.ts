import type { ColorScheme } from '@agora/shared-ui';
import { useSyncExternalStore } from 'react';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The colour scheme in force. The member's own choice wins unless it is 'default' (or unset); then the
 * site's. 'system' follows the device (prefersDark); 'dark' is dark; anything else ('default', 'light',
 * unknown values) is light.
 */
export function resolveColorScheme(
  siteScheme: string | undefined,
  memberScheme: string | undefined,
  prefersDark: boolean,
): ColorScheme {
  const choice = memberScheme && memberScheme !== 'default' ? memberScheme : siteScheme;
  if (choice === 'dark') return 'dark';
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return 'light';
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
}

function prefersDarkNow(): boolean {
  return window.matchMedia?.(DARK_QUERY).matches ?? false;
}

/** Whether the device asks for a dark scheme, updated live when that changes. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, prefersDarkNow, () => false);
}
