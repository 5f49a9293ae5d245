// The question page's reason dialog (antd) loads on the first click that opens one, so reading a question
// loads no antd: import it from here, not from its module (the confirmation: common/confirm).
import { onDemand } from '../../common/on-demand';

export const ReasonDialog = onDemand(() => import('./reason-dialog').then((m) => m.ReasonDialog));
