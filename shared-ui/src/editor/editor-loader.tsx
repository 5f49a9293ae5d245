import { lazy, Suspense } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import './editor-loader.css';
import type { MarkdownEditorProps } from './types';

// bytemd + CodeMirror (and the antd dialogs) form their own chunk, fetched when an editor is first shown:
// pages that import this entry only for PostContent (a question's detail) never download them.
const LazyEditor = lazy(() => import('./markdown-editor').then((module) => ({ default: module.MarkdownEditor })));

/** Starts fetching the editor early (e.g. when the user focuses "write an answer"). */
export function preloadMarkdownEditor(): void {
  void import('./markdown-editor');
}

function EditorLoading({ height = 320 }: { height?: number }) {
  const { t } = useSharedUiTranslation();
  return (
    <div className="agora-md-loading" role="status" style={{ minHeight: height }}>
      {t('editor.loading')}
    </div>
  );
}

/**
 * The markdown editor (see markdown-editor.tsx). A plain component (not a React.lazy one) so callers may
 * wrap it in their own React.lazy; it shows a loading box of the editor's height until its chunk arrives.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<EditorLoading height={props.height} />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
