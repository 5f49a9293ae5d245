/** Plain-text excerpts and URL titles live in lib/post-text.ts (every module that lists posts uses them). */
export { EXCERPT_LIMIT, plainExcerpt, urlTitle } from '../../lib/post-text';
