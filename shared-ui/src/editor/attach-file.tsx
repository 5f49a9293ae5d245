import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { uploadErrorText } from './insert-dialogs';
import type { EditorSurface } from './surface';
import type { AttachmentOptions } from './types';

/** Why a picked file may not be attached, or null when it may (a courtesy check: the server decides). */
export function checkAttachmentFile(
  file: Pick<File, 'name' | 'size'>,
  options: Pick<AttachmentOptions, 'extensions' | 'maxBytes'>,
): 'attach_type' | 'max_size' | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!extension || !options.extensions.includes(extension)) return 'attach_type';
  if (file.size > options.maxBytes) return 'max_size';
  return null;
}

/** A markdown link to an attachment, named by its file (brackets in the name escaped). */
export function attachmentSnippet(name: string, url: string): string {
  return `[${name.replace(/([[\]\\])/g, '\\$1')}](${url})`;
}

interface Report {
  error: (message: string | null) => void;
  busy: (busy: boolean) => void;
}

/**
 * The editor's "Attach file" action: a file picker limited to the extensions the site allows; the file
 * uploads at once and a link to it (its name as the text) goes in at the cursor. Errors and progress go
 * to the editor's status line.
 */
export function useAttachFile(
  options: AttachmentOptions | undefined,
  surface: EditorSurface | null,
  report: Report,
): { open: (() => void) | undefined; input: ReactNode } {
  const { t } = useSharedUiTranslation();
  const input = useRef<HTMLInputElement>(null);
  if (!options || options.extensions.length === 0) return { open: undefined, input: null };

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !surface) return;
    const rejection = checkAttachmentFile(file, options);
    if (rejection) {
      report.error(
        t(`editor.${rejection}`, {
          extensions: options.extensions.join(', '),
          size: Math.floor(options.maxBytes / 1024 / 1024),
        }),
      );
      return;
    }
    report.error(null);
    report.busy(true);
    try {
      const url = await options.upload(file);
      surface.insertInline(attachmentSnippet(file.name, url));
      surface.focus();
    } catch (failure) {
      report.error(uploadErrorText(failure, t('editor.attach_failed')));
    } finally {
      report.busy(false);
    }
  };

  return {
    open: () => input.current?.click(),
    input: (
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={t('editor.attach')}
        accept={options.extensions.map((ext) => `.${ext}`).join(',')}
        onChange={(event) => void onChange(event)}
      />
    ),
  };
}
