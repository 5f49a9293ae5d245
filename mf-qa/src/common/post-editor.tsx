import type { MarkdownEditorProps } from '@agora/shared-ui/editor';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { renderPost, uploadPostImage } from './post-api';
import { useSite } from './site';

// bytemd, highlight.js and mermaid arrive with the editor chunk, only when a form shows an editor.
const MarkdownEditor = lazy(() => import('@agora/shared-ui/editor').then((m) => ({ default: m.MarkdownEditor })));

export type PostEditorProps = Omit<MarkdownEditorProps, 'render' | 'upload' | 'attach' | 'onChange' | 'value'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * The markdown editor with the site's preview (POST post/render), image upload (POST file, source post)
 * and, when the site allows them, file attachments (source post_attachment).
 */
export function PostEditor({ value = '', onChange, ...rest }: PostEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const { attachments } = useSite();
  return (
    <Suspense
      fallback={
        <div className="qa-ask-editor-loading" role="status">
          {t('ask.editor_loading')}
        </div>
      }
    >
      <MarkdownEditor
        {...rest}
        value={value}
        onChange={(next) => onChange?.(next)}
        render={renderPost}
        upload={uploadPostImage}
        attach={attachments}
      />
    </Suspense>
  );
}
