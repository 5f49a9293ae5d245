import { isApiError } from '@agora/shared-api';
import { useToast } from '@agora/shared-ui';
import { Modal } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import { canDo, useTagOperation, type TagInfo } from '../api';
import { TagMergeAction, useCanMerge } from './tag-merge';

type Operation = 'delete' | 'undelete';

/**
 * The tag's actions: delete (DELETE tag) and undelete (POST tag/recover), each as the member actions
 * allow and after a confirmation, and merge for moderators (tag-merge.tsx). The server's refusal (400: a tag with posts or synonyms cannot be deleted) shows as a
 * danger toast with its message.
 */
export function TagDeleteActions({ tag }: { tag: TagInfo }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [confirming, setConfirming] = useState<Operation | null>(null);
  const operate = useTagOperation(tag.tag_id, {
    onSuccess: (op) => toast.success(t(op === 'delete' ? 'tags.delete.deleted' : 'tags.delete.undeleted')),
    onError: (error) => toast.danger(isApiError(error) && error.message ? error.message : t('tags.delete.failed')),
    onSettled: () => setConfirming(null),
  });
  const allowed = (['delete', 'undelete'] as const).filter((op) => canDo(tag.member_actions, op));
  const mergeable = useCanMerge(tag);
  if (allowed.length === 0 && !mergeable) return null;
  return (
    <>
      <ul className="qa-tag-actions" aria-label={t('tags.delete.actions_label')}>
        {allowed.map((op) => (
          <li key={op}>
            <button type="button" className="qa-tag-linkbtn" onClick={() => setConfirming(op)}>
              {t(`tags.delete.${op}`)}
            </button>
          </li>
        ))}
        {mergeable && (
          <li>
            <TagMergeAction tag={tag} />
          </li>
        )}
      </ul>
      <Modal
        open={confirming !== null}
        title={confirming ? t(`tags.delete.${confirming}_title`) : ''}
        okText={t('tags.delete.confirm')}
        cancelText={t('tags.delete.cancel')}
        okButtonProps={{ loading: operate.isPending, danger: confirming === 'delete' }}
        onOk={() => confirming && operate.mutate(confirming)}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        <p>{confirming ? t(`tags.delete.${confirming}_body`, { name: tag.display_name }) : ''}</p>
      </Modal>
    </>
  );
}
