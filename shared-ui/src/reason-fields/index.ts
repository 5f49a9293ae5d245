// @agora/shared-ui/reason-fields: the reason part of the dialogs that close, flag or settle a post
// (the question page, the review queue, the admin area), and the staff's close dialog built on it.
// Its own entry: it loads antd.
export { CloseQuestionDialog, type CloseQuestionDialogProps } from './close-question-dialog';
export { useReasonFields, type ReasonChoice, type ReasonFields } from './reason-fields';
