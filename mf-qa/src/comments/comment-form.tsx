import { isApiError } from '@agora/shared-api';
import { Button, useLeaveGuard } from '@agora/shared-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH } from './api';
import { mentionedNames, type MentionPerson } from '../common/mention';
import { MentionTextarea } from '../common/mention-textarea';

/** Characters as the server counts them: code points of the trimmed text. */
export const textLength = (text: string) => [...text.trim()].length;

/**
 * The failure to show in the form, or null when the shell already shows it (toasts, the message
 * dialog of a bare 400, 401/403 handling). Field errors and 404s (the comment or post is gone) are the
 * form's to show.
 */
export function formError(error: unknown, fallback: string): string | null {
  if (!isApiError(error)) return fallback;
  if (error.status === 400) {
    const field = error.fieldErrors.find((f) => f.error_field === 'original_text') ?? error.fieldErrors[0];
    if (field) return field.error_msg;
    return error.errType === 'alert' ? error.message : null;
  }
  if (error.status === 404) return error.message || fallback;
  return null;
}

export interface CommentFormProps {
  /** Accessible name of the text box. */
  label: string;
  submitLabel: string;
  initialText?: string;
  /** Usernames already meant as mentions (the person replied to). */
  initialMentions?: readonly string[];
  people: readonly MentionPerson[];
  self?: string;
  canSearch: boolean;
  /** Sends the text; rejects with the server's error. */
  onSubmit(text: string, mentions: string[]): Promise<unknown>;
  onCancel(): void;
}

/** Comment text box with a counter, 2–600 characters (docs/product-rules.md), mentions and the leave-page warning. */
export function CommentForm({
  label,
  submitLabel,
  initialText = '',
  initialMentions = [],
  people,
  self,
  canSearch,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [text, setText] = useState(initialText);
  const [picked, setPicked] = useState<readonly string[]>(initialMentions);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const length = textLength(text);
  const dirty = text.trim() !== '' && text.trim() !== initialText.trim();
  useLeaveGuard(dirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (length < COMMENT_MIN_LENGTH) return setError(t('comments.form.too_short', { min: COMMENT_MIN_LENGTH }));
    if (length > COMMENT_MAX_LENGTH) return setError(t('comments.form.too_long', { max: COMMENT_MAX_LENGTH }));
    setError(null);
    setPending(true);
    try {
      await onSubmit(text.trim(), mentionedNames(text, picked));
    } catch (failure) {
      setError(formError(failure, t('comments.errors.unknown')));
    } finally {
      setPending(false);
    }
  };

  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  return (
    <form className="qa-comment-form" onSubmit={submit} noValidate>
      <MentionTextarea
        id={`${id}-text`}
        className="qa-comment-form__text"
        aria-label={label}
        aria-describedby={error ? `${errorId} ${counterId}` : counterId}
        aria-invalid={error ? true : undefined}
        placeholder={t('comments.form.placeholder')}
        rows={3}
        autoFocus
        value={text}
        onChange={(value) => {
          setText(value);
          if (error) setError(null);
        }}
        people={people}
        self={self}
        canSearch={canSearch}
        onPick={(username) => setPicked((list) => (list.includes(username) ? list : [...list, username]))}
      />
      {error && (
        <p id={errorId} className="qa-comment-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="qa-comment-form__bar">
        <span
          id={counterId}
          className={`qa-comment-form__counter${length > COMMENT_MAX_LENGTH ? ' qa-comment-form__counter--over' : ''}`}
        >
          {t('comments.form.counter', { count: length, max: COMMENT_MAX_LENGTH })}
        </span>
        <Button htmlType="submit" variant="primary" size="small" loading={pending}>
          {submitLabel}
        </Button>
        <Button htmlType="button" variant="text" size="small" onClick={onCancel}>
          {t('comments.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
