import { onDemand } from './on-demand';

// The confirmation dialog (antd) loads on the first click that opens one, so a page that shows it only
// after a click loads no antd: import it from here, not from its module.
export const ConfirmDialog = onDemand(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));
