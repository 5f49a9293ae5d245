import type * as SharedUi from '@agora/shared-ui';
import { vi } from 'vitest';

/**
 * The toasts a screen shows, as spies. A test file swaps shared-ui's useToast for them with
 *   vi.mock('@agora/shared-ui', async (original) => (await import('<…>/test/toast-mock')).withToastSpies(original));
 * and imports `toast` from this module (the same instance).
 */
export const toast = {
  success: vi.fn(),
  danger: vi.fn(),
  info: vi.fn(),
  warning: vi.fn(),
  copied: vi.fn(),
};

export async function withToastSpies(importOriginal: () => Promise<unknown>): Promise<typeof SharedUi> {
  return { ...((await importOriginal()) as typeof SharedUi), useToast: () => toast };
}
