// antd through the singleton entry (see the federation rule in shared-ui/README.md).
import { Form, Input, Modal } from '@agora/shared-ui/antd';
import { useId, useState, type ChangeEvent } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { checkImageFile, IMAGE_ACCEPT, MAX_IMAGE_BYTES } from './image-file';
import { codeSnippet, imageSnippet, linkSnippet } from './snippets';

export type DialogKind = 'link' | 'code' | 'image';

export interface InsertResult {
  text: string;
  block: boolean;
}

interface DialogProps {
  kind: DialogKind | null;
  /** The text selected in the editor when the dialog opened (prefills the link text or the code). */
  selection: string;
  upload?: (file: File) => Promise<string>;
  onInsert: (result: InsertResult) => void;
  onClose: () => void;
}

/** Error text of a failed upload: the server's message when there is one. */
export function uploadErrorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

/**
 * The link, code and image dialogs (link URL required, code not blank, image file or URL
 * required; a picked file must be jpeg/jpg/png/webp of at most 4 MB and uploads at once, with a loading label).
 */
export function InsertDialogs({ kind, selection, upload, onInsert, onClose }: DialogProps) {
  const { t } = useSharedUiTranslation();
  const [form] = Form.useForm();
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const formId = useId();
  const fileInputId = useId();

  // The parent remounts this component (key) for each opening, so the form starts from the selection.
  const initialValues =
    kind === 'link'
      ? { text: selection, url: '' }
      : kind === 'code'
        ? { code: selection, language: '' }
        : { description: selection, url: '' };

  const titles: Record<DialogKind, string> = {
    link: t('editor.dialog.link_title'),
    code: t('editor.dialog.code_title'),
    image: t('editor.dialog.image_title'),
  };

  const submit = (values: Record<string, string | undefined>) => {
    if (kind === 'link') onInsert({ text: linkSnippet(values.url ?? '', values.text ?? ''), block: false });
    if (kind === 'code') onInsert(codeSnippet(values.code ?? '', values.language ?? ''));
    if (kind === 'image') onInsert({ text: imageSnippet(values.url ?? '', values.description ?? ''), block: false });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !upload) return;
    const rejection = checkImageFile(file);
    if (rejection) {
      setFileError(t(`editor.${rejection}`, { size: MAX_IMAGE_BYTES / 1024 / 1024 }));
      return;
    }
    setFileError(null);
    setUploading(true);
    try {
      const url = await upload(file);
      form.setFieldsValue({ url });
      void form.validateFields(['url']);
    } catch (error) {
      setFileError(uploadErrorText(error, t('editor.upload_failed')));
    } finally {
      setUploading(false);
    }
  };

  const required = (message: string) => ({
    validator: (_: unknown, value: string | undefined) =>
      value && value.trim() !== '' ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  return (
    <Modal
      open={kind !== null}
      title={kind ? titles[kind] : ''}
      okText={t('editor.dialog.insert')}
      cancelText={t('editor.dialog.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, disabled: uploading }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        id={formId}
        name={`agora-md-${formId.replace(/[^\w-]/g, '')}`}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={initialValues}
      >
        {kind === 'link' && (
          <>
            <Form.Item
              name="url"
              label={t('editor.dialog.link_url')}
              rules={[required(t('editor.dialog.link_url_required'))]}
            >
              <Input autoFocus placeholder="https://" inputMode="url" />
            </Form.Item>
            <Form.Item name="text" label={t('editor.dialog.link_text')}>
              <Input />
            </Form.Item>
          </>
        )}
        {kind === 'code' && (
          <>
            <Form.Item name="language" label={t('editor.dialog.code_language')}>
              <Input placeholder="js" />
            </Form.Item>
            <Form.Item
              name="code"
              label={t('editor.dialog.code_text')}
              extra={t('editor.dialog.code_hint')}
              rules={[required(t('editor.dialog.code_required'))]}
            >
              <Input.TextArea autoFocus rows={6} spellCheck={false} className="agora-md-dialog__code" />
            </Form.Item>
          </>
        )}
        {kind === 'image' && (
          <>
            {upload && (
              <div className="agora-md-dialog__file">
                <label htmlFor={fileInputId}>{t('editor.dialog.image_file')}</label>
                <input
                  id={fileInputId}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  disabled={uploading}
                  onChange={onFile}
                  aria-describedby={`${fileInputId}-hint`}
                />
                <p id={`${fileInputId}-hint`} className="agora-md-dialog__hint">
                  {t('editor.dialog.image_file_hint', { size: MAX_IMAGE_BYTES / 1024 / 1024 })}
                </p>
                <p className="agora-md-dialog__status" aria-live="polite">
                  {uploading ? t('editor.uploading') : ''}
                </p>
                {fileError && (
                  <p className="agora-md__error" role="alert">
                    {fileError}
                  </p>
                )}
              </div>
            )}
            <Form.Item
              name="url"
              label={t('editor.dialog.image_url')}
              rules={[required(t('editor.dialog.image_required'))]}
            >
              <Input placeholder="https://" inputMode="url" />
            </Form.Item>
            <Form.Item name="description" label={t('editor.dialog.image_description')}>
              <Input />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
