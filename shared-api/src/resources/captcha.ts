import { api } from '../client';
import type { ActionRecord, CaptchaAction } from '../contract/captcha';

/**
 * GET user/action/record (docs/wire-contract.md): whether the next `action` needs a captcha, and a fresh one
 * when it does. The `load` of every captcha gate (`@agora/shared-ui/captcha`).
 */
export const fetchActionRecord = (action: CaptchaAction): Promise<ActionRecord> =>
  api.get<ActionRecord>('user/action/record', { action });
