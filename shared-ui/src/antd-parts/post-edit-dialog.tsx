import { Input } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useSharedUiTranslation } from '../i18n/register';
import { Modal } from './modal';
import './dialog-fields.css';

// bytemd arrives with the editor entry, only when the dialog opens.
const MarkdownEditor = lazy(() => import('@agora/shared-ui/editor').then((m) => ({ default: m.MarkdownEditor })));

/** Title 6–150 characters (questions), body at least 6, 1 to 5 tags (questions). */
const TITLE = { min: 6, max: 150 };
const BODY_MIN = 6;
const MAX_TAGS = 5;

/** The tag names typed, separated by spaces or commas: lower-cased, each once. */
const tagList = (text: string) =>
  [...new Set(text.split(/[\s,]+/).map((tag) => tag.trim().toLowerCase()))].filter(Boolean);

/** The post being edited (a flagged post as the review queue and the admin Flags screen give it). */
export interface EditedPost {
  object_type: string;
  title: string;
  original_text: string;
  tags: { slug_name: string }[];
}
export interface PostEditValues {
  title?: string;
  content: string;
  tags?: string[];
}
export type PostEditErrors = Partial<Record<'title' | 'content' | 'tags', string>>;

export interface PostEditDialogProps {
  post: EditedPost;
  pending: boolean;
  /** Errors the server gave for the fields (400 with field errors). */
  serverErrors: PostEditErrors;
  /** The editor's preview and picture uploads (the caller's API calls). */
  render(markdown: string): Promise<string>;
  upload(file: File): Promise<string>;
  onSubmit(values: PostEditValues): void;
  onCancel(): void;
}

/** Edit a flagged post in place: its title and tags (a question) and its body, and only those. API-free. */
export function PostEditDialog({
  post,
  pending,
  serverErrors,
  render,
  upload,
  onSubmit,
  onCancel,
}: PostEditDialogProps) {
  const { t } = useSharedUiTranslation();
  const isQuestion = post.object_type === 'question';
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.original_text);
  const [tags, setTags] = useState(post.tags.map((tag) => tag.slug_name).join(' '));
  const [checked, setChecked] = useState<PostEditErrors>({});
  const errors = { ...serverErrors, ...checked };
  const ids = { title: useId(), body: useId(), tags: useId(), tagsHint: useId(), error: useId() };

  const submit = () => {
    const next: PostEditErrors = {};
    const trimmed = title.trim();
    if (isQuestion && (trimmed.length < TITLE.min || trimmed.length > TITLE.max)) {
      next.title = t('post_edit.title_length');
    }
    if (content.trim().length < BODY_MIN) next.content = t('post_edit.body_length');
    const slugs = tagList(tags);
    if (isQuestion && slugs.length === 0) next.tags = t('post_edit.tags_required');
    if (isQuestion && slugs.length > MAX_TAGS) next.tags = t('post_edit.tags_too_many');
    setChecked(next);
    if (Object.keys(next).length > 0) return;
    onSubmit(isQuestion ? { title: trimmed, content, tags: slugs } : { content });
  };

  const error = (field: keyof PostEditErrors) =>
    errors[field] && (
      <p id={`${ids.error}-${field}`} className="agora-dialog-error" role="alert">
        {errors[field]}
      </p>
    );
  const described = (field: keyof PostEditErrors, extra?: string) =>
    [errors[field] ? `${ids.error}-${field}` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <Modal
      open
      width={760}
      title={t('post_edit.title')}
      okText={t('post_edit.save')}
      cancelText={t('post_edit.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {isQuestion && (
        <div className="agora-dialog-field">
          <label htmlFor={ids.title}>{t('post_edit.field_title')}</label>
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
      <div className="agora-dialog-field">
        <label htmlFor={ids.body}>{t('post_edit.field_body')}</label>
        <Suspense
          fallback={
            <p className="agora-dialog-muted" role="status">
              {t('post_edit.editor_loading')}
            </p>
          }
        >
          <MarkdownEditor
            id={ids.body}
            value={content}
            height={260}
            status={errors.content ? 'error' : undefined}
            aria-describedby={described('content')}
            render={render}
            upload={upload}
            onChange={(next) => {
              setContent(next);
              setChecked({});
            }}
          />
        </Suspense>
        {error('content')}
      </div>
      {isQuestion && (
        <div className="agora-dialog-field">
          <label htmlFor={ids.tags}>{t('post_edit.field_tags')}</label>
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
          <p id={ids.tagsHint} className="agora-dialog-muted">
            {t('post_edit.tags_hint')}
          </p>
          {error('tags')}
        </div>
      )}
    </Modal>
  );
}
