import { isApiError, paths, useLoginState } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { Modal } from '@agora/shared-ui/antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';
import { useMergeTag, type TagInfo } from '../api';
import { TagSlugInput, useTagSuggestions } from './tag-slug-input';

interface Target {
  tag_id: string;
  slug_name: string;
}

/** Whether the caller may merge this tag: moderators and administrators, an available tag. */
export function useCanMerge(tag: TagInfo): boolean {
  const { admin, moderator } = useLoginState();
  return (admin || moderator) && tag.status === 'available';
}

/**
 * "Merge into another tag" (POST tag/merge), for moderators and administrators (`useCanMerge`): pick
 * the target among the suggestions (main tags), read what will happen, confirm. On success the
 * target's info page opens; the server's refusal shows in the dialog.
 */
export function TagMergeAction({ tag }: { tag: TagInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="qa-tag-linkbtn" onClick={() => setOpen(true)}>
        {t('tags.merge.action')}
      </button>
      {open && <MergeDialog tag={tag} onClose={() => setOpen(false)} />}
    </>
  );
}

function MergeDialog({ tag, onClose }: { tag: TagInfo; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [target, setTarget] = useState<Target | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offered = useTagSuggestions(text, (s) => s.tag_id !== tag.tag_id);

  const merge = useMergeTag<Target>(tag.tag_id, {
    onSuccess: (into) => {
      toast.success(t('tags.merge.done', { source: tag.slug_name, target: into.slug_name }));
      onClose();
      navigate(paths.tagInfo(into.slug_name));
    },
    onError: (e) =>
      setError(
        isApiError(e)
          ? e.fieldErrors.map((f) => f.error_msg).join(' ') || e.message || t('tags.merge.failed')
          : t('tags.merge.failed'),
      ),
  });

  return (
    <Modal
      open
      title={t('tags.merge.title', { name: tag.display_name })}
      okText={t('tags.merge.confirm')}
      cancelText={t('tags.delete.cancel')}
      okButtonProps={{ loading: merge.isPending, danger: true, disabled: !target }}
      onOk={() => target && merge.mutate(target)}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="qa-tag-merge">
        <label htmlFor={inputId}>{t('tags.merge.target_label')}</label>
        <TagSlugInput
          id={inputId}
          value={text}
          error={error}
          errorId={errorId}
          onChange={(value) => {
            setText(value);
            setError(null);
          }}
        />
        {offered.length > 0 && (
          <ul className="qa-tags" aria-label={t('tags.merge.suggestions')}>
            {offered.map((s) => (
              <li key={s.tag_id}>
                <button
                  type="button"
                  className="qa-tag"
                  aria-pressed={target?.tag_id === s.tag_id}
                  onClick={() => {
                    setTarget({ tag_id: s.tag_id, slug_name: s.slug_name });
                    setError(null);
                  }}
                >
                  {s.slug_name}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p role="status">
          {target ? t('tags.merge.explain', { source: tag.slug_name, target: target.slug_name }) : t('tags.merge.pick')}
        </p>
        {error && (
          <p id={errorId} role="alert" className="qa-tag-field-error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
