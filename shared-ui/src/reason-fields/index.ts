// @agora/shared-ui/reason-fields: the reason part of the dialogs that close, flag or settle a post
// (the question page, the review queue, the admin area). Its own entry: it loads antd.
export { useReasonFields, type ReasonChoice, type ReasonFields } from './reason-fields';
