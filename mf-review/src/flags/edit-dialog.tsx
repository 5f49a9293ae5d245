import { api } from '@agora/shared-api';
import type { FlaggedPost } from '@agora/shared-api/contract';
import { Input, Modal } from '@agora/shared-ui/antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

// bytemd arrives with the editor entry, only when a reviewer opens the edit form.
const MarkdownEditor = lazy(() => import('@agora/shared-ui/editor').then((m) => ({ default: m.MarkdownEditor })));

const renderPost = (content: string) => api.post<string>('post/render', { content });
function uploadPostImage(file: File) {
  const body = new FormData();
  body.append('source', 'post');
  body.append('file', file, file.name);
  return api.request<string>('post', 'file', { body });
}

/** Title 6–150 characters (questions), body at least 6, 1 to 5 tags (questions). */
const TITLE = { min: 6, max: 150 };
const BODY_MIN = 6;
const MAX_TAGS = 5;

/** The tag names typed, separated by spaces or commas: lower-cased, each once. */
const tagList = (text: string) =>
  [...new Set(text.split(/[\s,]+/).map((tag) => tag.trim().toLowerCase()))].filter(Boolean);

export interface EditValues {
  title?: string;
  content: string;
  tags?: string[];
}
export type EditErrors = Partial<Record<'title' | 'content' | 'tags', string>>;

export interface EditDialogProps {
  task: FlaggedPost;
  pending: boolean;
  /** Errors the server gave for the fields (400 with field errors). */
  serverErrors: EditErrors;
  onSubmit(values: EditValues): void;
  onCancel(): void;
}

/** Edit the flagged post in place: its title and tags (a question) and its body, and only those. */
export function EditDialog({ task, pending, serverErrors, onSubmit, onCancel }: EditDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const isQuestion = task.object_type === 'question';
  const [title, setTitle] = useState(task.title);
  const [content, setContent] = useState(task.original_text);
  const [tags, setTags] = useState(task.tags.map((tag) => tag.slug_name).join(' '));
  const [checked, setChecked] = useState<EditErrors>({});
  const errors = { ...serverErrors, ...checked };
  const ids = { title: useId(), body: useId(), tags: useId(), tagsHint: useId(), error: useId() };

  const submit = () => {
    const next: EditErrors = {};
    const trimmed = title.trim();
    if (isQuestion && (trimmed.length < TITLE.min || trimmed.length > TITLE.max)) {
      next.title = t('flags.edit_dialog.title_length');
    }
    if (content.trim().length < BODY_MIN) next.content = t('flags.edit_dialog.body_length');
    const slugs = tagList(tags);
    if (isQuestion && slugs.length === 0) next.tags = t('flags.edit_dialog.tags_required');
    if (isQuestion && slugs.length > MAX_TAGS) next.tags = t('flags.edit_dialog.tags_too_many');
    setChecked(next);
    if (Object.keys(next).length > 0) return;
    onSubmit(isQuestion ? { title: trimmed, content, tags: slugs } : { content });
  };

  const error = (field: keyof EditErrors) =>
    errors[field] && (
      <p id={`${ids.error}-${field}`} className="review-field-error" role="alert">
        {errors[field]}
      </p>
    );
  const described = (field: keyof EditErrors, extra?: string) =>
    [errors[field] ? `${ids.error}-${field}` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <Modal
      open
      width={760}
      title={t('flags.edit_dialog.title')}
      okText={t('flags.edit_dialog.save')}
      cancelText={t('flags.edit_dialog.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {isQuestion && (
        <div className="review-field">
          <label htmlFor={ids.title}>{t('flags.edit_dialog.field_title')}</label>
          <Input
            id={ids.title}
            value={title}
            maxLength={TITLE.max}
            status={errors.title ? 'error' : undefined}
            aria-invalid={!!errors.title || undefined}
            aria-describedby={described('title')}
            onChange={(event) => {
              setTitle(event.target.value);
              setChecked({});
            }}
          />
          {error('title')}
        </div>
      )}
      <div className="review-field">
        <label htmlFor={ids.body}>{t('flags.edit_dialog.field_body')}</label>
        <Suspense
          fallback={
            <p className="review-muted" role="status">
              {t('flags.edit_dialog.editor_loading')}
            </p>
          }
        >
          <MarkdownEditor
            id={ids.body}
            value={content}
            height={260}
            status={errors.content ? 'error' : undefined}
            aria-describedby={described('content')}
            render={renderPost}
            upload={uploadPostImage}
            onChange={(next) => {
              setContent(next);
              setChecked({});
            }}
          />
        </Suspense>
        {error('content')}
      </div>
      {isQuestion && (
        <div className="review-field">
          <label htmlFor={ids.tags}>{t('flags.edit_dialog.field_tags')}</label>
          <Input
            id={ids.tags}
            value={tags}
            status={errors.tags ? 'error' : undefined}
            aria-invalid={!!errors.tags || undefined}
            aria-describedby={described('tags', ids.tagsHint)}
            onChange={(event) => {
              setTags(event.target.value);
              setChecked({});
            }}
          />
          <p id={ids.tagsHint} className="review-muted">
            {t('flags.edit_dialog.tags_hint')}
          </p>
          {error('tags')}
        </div>
      )}
    </Modal>
  );
}
