// bytemd's stylesheet belongs to this module only: it arrives with the lazily loaded editor chunk.
import 'bytemd/dist/index.css';
import './editor.css';
import type { BytemdEditorContext, BytemdPlugin } from 'bytemd';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { useAttachFile } from './attach-file';
import { BytemdHost } from './bytemd-host';
import { nameInput } from './name-input';
import { codeMirrorKey, isMacPlatform, SHORTCUTS, shortcutLabel, type CommandId } from './commands';
import { checkImageFile, MAX_IMAGE_BYTES } from './image-file';
import { InsertDialogs, uploadErrorText, type DialogKind, type InsertResult } from './insert-dialogs';
import { PostContent } from './post-content';
import { createPreviewScheduler, type PreviewScheduler } from './preview-scheduler';
import {
  cycleHeadingLine,
  diagramSnippet,
  headingLine,
  HORIZONTAL_RULE,
  imageSnippet,
  tableSnippet,
  toggleOrderedLines,
  toggleQuoteLines,
  toggleUnorderedLines,
} from './snippets';
import { surfaceFromBytemd, type EditorSurface } from './surface';
import { Toolbar, type ToolbarAction } from './toolbar';
import type { MarkdownEditorProps } from './types';

/** bytemd's own viewer stays off: the preview below shows the server's HTML. */
const noPreview = () => {};

/** Images a paste or drop carries (files only: pasted text stays text). */
function imageFilesOf(items: DataTransferItemList | FileList | undefined | null): File[] {
  if (!items) return [];
  const files: File[] = [];
  for (const item of Array.from(items as ArrayLike<DataTransferItem | File>)) {
    if (item instanceof File) {
      files.push(item);
    } else if (item.kind === 'file') {
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  return files;
}

/** Runs a toolbar command on the text; returns the dialog to open for those that need one. */
export function applyCommand(
  surface: EditorSurface,
  command: CommandId,
  words: { header: string; cell: string },
): DialogKind | null {
  switch (command) {
    case 'bold':
      surface.wrap('**');
      break;
    case 'italic':
      surface.wrap('*');
      break;
    case 'heading':
      surface.mapLines((lines) => lines.map(cycleHeadingLine));
      break;
    case 'quote':
      surface.mapLines(toggleQuoteLines);
      break;
    case 'ordered':
      surface.mapLines(toggleOrderedLines);
      break;
    case 'unordered':
      surface.mapLines(toggleUnorderedLines);
      break;
    case 'rule':
      surface.insertBlock(HORIZONTAL_RULE);
      break;
    case 'table':
      surface.insertBlock(tableSnippet(words));
      break;
    case 'indent':
      surface.indent('more');
      break;
    case 'outdent':
      surface.indent('less');
      break;
    case 'code':
    case 'link':
    case 'image':
      return command;
    case 'diagram':
      break;
  }
  surface.focus();
  return null;
}

/**
 * The markdown editor: bytemd's CodeMirror with our toolbar and shortcuts, and a preview of
 * the SERVER's sanitized HTML (`render`, i.e. post/render), rendered at once and then 1 s after the last
 * change. bytemd's own toolbar, viewer and sidebar are not used: its toolbar items are not keyboard
 * reachable, and its viewer renders markdown in the browser, which is not what the server will store.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  render,
  upload,
  attach,
  placeholder,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  status,
  autoFocus,
  height = 320,
  onBlur,
  previewDelay,
}: MarkdownEditorProps) {
  const { t, i18n } = useSharedUiTranslation();
  const [ctx, setCtx] = useState<BytemdEditorContext | null>(null);
  const [html, setHtml] = useState('');
  const [previewBusy, setPreviewBusy] = useState(false);
  const [previewError, setPreviewError] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [dialogCount, setDialogCount] = useState(0);
  const [selection, setSelection] = useState('');
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const statusId = useId();
  const mac = isMacPlatform();

  // The preview: first render at once, then debounced. `render` may change identity on every
  // render of the caller, so the scheduler calls the latest one.
  const renderRef = useRef(render);
  useEffect(() => {
    renderRef.current = render;
  }, [render]);
  const scheduler = useRef<PreviewScheduler | null>(null);
  useEffect(() => {
    const created = createPreviewScheduler({
      render: (markdown) => renderRef.current(markdown),
      onHtml: (next) => {
        setPreviewError(false);
        setHtml(next);
      },
      onError: () => setPreviewError(true),
      onBusy: setPreviewBusy,
      delay: previewDelay,
    });
    scheduler.current = created;
    return () => created.dispose();
  }, [previewDelay]);
  useEffect(() => {
    scheduler.current?.schedule(value);
  }, [value, previewDelay]);

  const surface = useMemo(() => (ctx ? surfaceFromBytemd(ctx) : null), [ctx]);
  const words = useMemo(() => ({ header: t('editor.table_header'), cell: t('editor.table_cell') }), [t]);

  const uploadImages = useCallback(
    async (files: File[]) => {
      if (!upload || !surface) return;
      for (const file of files) {
        const rejection = checkImageFile(file);
        if (rejection) {
          setError(t(`editor.${rejection}`, { size: MAX_IMAGE_BYTES / 1024 / 1024 }));
          return;
        }
      }
      setError(null);
      setUploading(true);
      try {
        for (const file of files) {
          const url = await upload(file);
          surface.insertBlock(imageSnippet(url));
        }
        surface.focus();
      } catch (failure) {
        setError(uploadErrorText(failure, t('editor.upload_failed')));
      } finally {
        setUploading(false);
      }
    },
    [upload, surface, t],
  );

  const attachFile = useAttachFile(attach, surface, { error: setError, busy: setUploading });

  const runAction = useCallback(
    (action: ToolbarAction) => {
      if (!surface) return;
      setError(null);
      if (action.type === 'heading') {
        surface.mapLines((lines) => lines.map((line) => headingLine(line, action.level)));
        surface.focus();
        return;
      }
      if (action.type === 'diagram') {
        surface.insertBlock(diagramSnippet(action.kind));
        surface.focus();
        return;
      }
      const open = applyCommand(surface, action.command, words);
      if (open) {
        setSelection(surface.selectedText());
        setDialogCount((count) => count + 1);
        setDialog(open);
      }
    },
    [surface, words],
  );

  // What names the textarea CodeMirror types into, for the moment the editor creates it.
  const names = useMemo(
    () => ({
      id,
      'aria-label': ariaLabel,
      'aria-labelledby': ariaLabelledBy,
      'aria-describedby': [ariaDescribedBy, statusId].filter(Boolean).join(' '),
      'aria-invalid': status === 'error' ? 'true' : undefined,
    }),
    [id, ariaLabel, ariaLabelledBy, ariaDescribedBy, status, statusId],
  );
  const inputNames = useRef(names);
  // Everything CodeMirror calls goes through refs, so the plugin below is created once.
  const latest = useRef({ runAction, uploadImages, hasUpload: Boolean(upload) });
  useEffect(() => {
    latest.current = { runAction, uploadImages, hasUpload: Boolean(upload) };
  }, [runAction, uploadImages, upload]);
  const autoFocusRef = useRef(autoFocus);

  const plugins = useMemo<BytemdPlugin[]>(() => {
    const keyed = SHORTCUTS.filter((shortcut) => shortcut.mod);
    return [
      {
        // Our shortcuts as (hidden) bytemd actions: bytemd binds them after its own, so ours win on
        // the keys both use (its Ctrl-K is "link"; ours is "code", as in Answer).
        actions: keyed.map((shortcut) => ({
          title: shortcut.command,
          handler: {
            type: 'action' as const,
            shortcut: codeMirrorKey(shortcut),
            click: () => latest.current.runAction({ type: 'command', command: shortcut.command }),
          },
        })),
        editorEffect(context) {
          const { editor } = context;
          nameInput(editor.getInputField(), inputNames.current);
          setCtx(context);
          // Tab indents (Shift-Tab outdents) like bytemd does, but Esc then Tab (or Shift-Tab) leaves the
          // editor, so keyboard users are never trapped (WCAG 2.1.2): CodeMirror is told to ignore that
          // key press and the browser moves the focus.
          let escaped = false;
          const onKeyDown = (_cm: unknown, event: KeyboardEvent & { codemirrorIgnore?: boolean }) => {
            if (event.key === 'Escape') {
              escaped = true;
              return;
            }
            if (event.key === 'Tab' && escaped) event.codemirrorIgnore = true;
            if (event.key !== 'Shift') escaped = false;
          };
          const onFiles = (_cm: unknown, event: ClipboardEvent | DragEvent) => {
            if (!latest.current.hasUpload) return;
            const pasted = 'clipboardData' in event;
            const transfer = pasted ? event.clipboardData : event.dataTransfer;
            // Text copied from an office document often comes with a picture of itself: paste the text.
            if (pasted && Array.from(transfer?.types ?? []).includes('text/plain')) return;
            const files = imageFilesOf(transfer?.items ?? transfer?.files);
            if (files.length === 0) return;
            event.preventDefault();
            void latest.current.uploadImages(files);
          };
          editor.on('keydown', onKeyDown);
          editor.on('paste', onFiles);
          editor.on('drop', onFiles);
          if (autoFocusRef.current) editor.focus();
          return () => {
            editor.off('keydown', onKeyDown);
            editor.off('paste', onFiles);
            editor.off('drop', onFiles);
          };
        },
      },
    ];
  }, []);

  // Keep the textarea's name current (<label htmlFor={id}> and the aria-* props); it was named when the
  // editor created it (editorEffect), so it is never without a name, not even for an instant.
  useEffect(() => {
    inputNames.current = names;
    if (ctx) nameInput(ctx.editor.getInputField(), names);
  }, [ctx, names]);

  useEffect(() => {
    if (!ctx || !onBlur) return;
    const handler = () => onBlur();
    ctx.editor.on('blur', handler);
    return () => ctx.editor.off('blur', handler);
  }, [ctx, onBlur]);

  const locale = useMemo(
    () => ({ words: t('editor.words'), lines: t('editor.lines'), limited: t('editor.limited') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const editorConfig = useMemo(() => ({ spellcheck: true }), []);

  const insert = (result: InsertResult) => {
    setDialog(null);
    if (!surface) return;
    if (result.block) surface.insertBlock(result.text, { replaceSelection: selection !== '' });
    else surface.insertInline(result.text);
    surface.focus();
  };
  // Cancelled: the dialog gives the focus back to what opened it (a toolbar button, or the text for a shortcut).
  const closeDialog = () => setDialog(null);

  const classes = ['agora-md'];
  if (status === 'error') classes.push('agora-md--error');

  return (
    <div className={classes.join(' ')} style={{ '--agora-md-height': `${height}px` } as CSSProperties}>
      <Toolbar
        onAction={runAction}
        helpOpen={helpOpen}
        onToggleHelp={() => setHelpOpen((open) => !open)}
        helpId={helpId}
        onAttach={attachFile.open}
      />
      {attachFile.input}
      {helpOpen && (
        <section id={helpId} className="agora-md__help" aria-label={t('editor.help')}>
          <dl>
            {SHORTCUTS.map((shortcut) => (
              <div key={shortcut.command} className="agora-md__help-row">
                <dt>
                  <kbd>{shortcutLabel(shortcut, mac)}</kbd>
                </dt>
                <dd>{t(`editor.${shortcut.command}`)}</dd>
              </div>
            ))}
          </dl>
          <p>{t('editor.help_escape')}</p>
        </section>
      )}
      <BytemdHost
        className="agora-md__input"
        value={value}
        onChange={onChange}
        plugins={plugins}
        mode="tab"
        overridePreview={noPreview}
        placeholder={placeholder}
        locale={locale}
        editorConfig={editorConfig}
      />
      <div id={statusId} className="agora-md__status">
        <p aria-live="polite" className="agora-md__uploading">
          {uploading ? t('editor.uploading') : ''}
        </p>
        {error && (
          <p role="alert" className="agora-md__error">
            {error}
          </p>
        )}
      </div>
      <section className="agora-md__preview" aria-label={t('editor.preview')} aria-busy={previewBusy}>
        <p className="agora-md__preview-title" aria-hidden="true">
          {t('editor.preview')}
        </p>
        {previewError ? (
          <p className="agora-md__error" role="alert">
            {t('editor.preview_failed')}
          </p>
        ) : html ? (
          <PostContent html={html} className="agora-md__preview-body" />
        ) : (
          <p className="agora-md__preview-empty">
            {previewBusy ? t('editor.preview_loading') : t('editor.preview_empty')}
          </p>
        )}
      </section>
      <InsertDialogs
        key={dialogCount}
        kind={dialog}
        selection={selection}
        upload={upload}
        onInsert={insert}
        onClose={closeDialog}
      />
    </div>
  );
}
