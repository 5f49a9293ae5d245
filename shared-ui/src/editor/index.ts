// @agora/shared-ui/editor: the markdown editor and the post renderer. Screens still import this entry with
// React.lazy / import(), never statically from a first-page module, and never from the light entry
// (src/index.ts). The entry itself is small: PostContent and checkImageFile; bytemd + CodeMirror come in a
// chunk of their own when an editor renders, highlight.js when a post has code, mermaid when it has a diagram.
export { MarkdownEditor, preloadMarkdownEditor } from './editor-loader';
export { enhancePostContent, PostContent } from './post-content';
export {
  EXTERNAL_IMAGE_CLASS,
  gateExternalImages,
  revealExternalImage,
  useExternalImageGate,
  type ExternalImagesMode,
} from './external-images';
export { checkImageFile, IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './image-file';
export { PREVIEW_DEBOUNCE_MS } from './preview-scheduler';
export type { AttachmentOptions, ImageRejection, MarkdownEditorProps, PostContentProps } from './types';
