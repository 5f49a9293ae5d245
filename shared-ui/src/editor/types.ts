/**
 * The markdown editor's contract (toolbar, shortcuts, inserts and their checks: docs/product-rules.md). Screens import the editor
 * from '@agora/shared-ui/editor', which loads bytemd, highlight.js and mermaid only when it is imported.
 */
export interface MarkdownEditorProps {
  /** The textarea's id, so a <label htmlFor> names it. */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Markdown → sanitized HTML for the preview (the caller posts to post/render). Called with a 1 s
   * debounce after the first render.
   */
  render: (markdown: string) => Promise<string>;
  /** Uploads an image the user picked or pasted (type and 4 MB checked first) and resolves its URL. */
  upload?: (file: File) => Promise<string>;
  /** File attachments the site allows: an "Attach file" button when there is at least one extension. */
  attach?: AttachmentOptions;
  placeholder?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  /** Shows the error outline (form validation). */
  status?: 'error';
  autoFocus?: boolean;
  /** Editor height in pixels (default 320). */
  height?: number;
  /** Called when the writing area loses focus (form validation on blur). */
  onBlur?: () => void;
  /** Preview debounce after the first render, in ms (default 1000); tests and stories shorten it. */
  previewDelay?: number;
}

/** Server-rendered, sanitized post HTML; code blocks get highlighting and mermaid blocks a diagram, lazily. */
export interface PostContentProps {
  html: string;
  className?: string;
  /** 'ask': images from other origins wait behind a "Show image from {host}" button (default 'show'). */
  externalImages?: 'show' | 'ask';
  /** The site URL (siteinfo general.site_url): its images count as own; the page origin always does. */
  siteOrigin?: string;
}

/** Why a picked image was refused (the upload errors only_image and max_size). */
export type ImageRejection = 'only_image' | 'max_size';

/** What the editor's "Attach file" button may send (the site's attachment settings) and how. */
export interface AttachmentOptions {
  /** Allowed extensions, lower case, without the dot. */
  extensions: string[];
  maxBytes: number;
  /** Uploads the file as an attachment and resolves its download URL. */
  upload: (file: File) => Promise<string>;
}
