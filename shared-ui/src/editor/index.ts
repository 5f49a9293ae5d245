// The markdown editor entry point (filled in by the editor work): MarkdownEditor, PostContent, checkImageFile.
export type { ImageRejection, MarkdownEditorProps, PostContentProps } from './types';
