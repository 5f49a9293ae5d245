// The question page's dialogs (antd) load on the first click that opens one, so reading a question loads
// no antd: import them from here, not from their modules.
import { onDemand } from '../../common/on-demand';

export const ConfirmDialog = onDemand(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));
export const ReasonDialog = onDemand(() => import('./reason-dialog').then((m) => m.ReasonDialog));
