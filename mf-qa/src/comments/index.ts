// The comments area of mf-qa: the detail screen mounts <Comments/> under the question and each answer.
export { Comments, type CommentsProps } from './comments';
