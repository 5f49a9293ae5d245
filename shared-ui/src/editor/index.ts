// @agora/shared-ui/editor: the markdown editor and the post renderer (bytemd, CodeMirror; highlight.js and
// mermaid in their own lazy chunks). HEAVY: screens import it with React.lazy / import(), never statically
// from a first-page module, and never from the light entry (src/index.ts).
export { MarkdownEditor } from './markdown-editor';
export { PostContent, enhancePostContent } from './post-content';
export { checkImageFile, IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './image-file';
export { PREVIEW_DEBOUNCE_MS } from './preview-scheduler';
export type { ImageRejection, MarkdownEditorProps, PostContentProps } from './types';
