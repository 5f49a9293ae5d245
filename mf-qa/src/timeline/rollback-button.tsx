import { isApiError } from '@agora/shared-api';
import { useRollbackRevision } from '@agora/shared-api/resources/activity';
import { useToast } from '@agora/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../common/confirm';
import { NAMESPACE } from '../namespace';

export interface RollbackButtonProps {
  objectId: string;
  objectType: string;
  revisionId: string;
  /** Called once the rollback is done (the object's own pages are asked again). */
  onDone?: () => void;
}

/** 'Roll back' on an older revision: a confirmation, then PUT revisions/rollback, a toast, and the timeline again. */
export function RollbackButton({ objectId, objectType, revisionId, onDone }: RollbackButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const rollback = useRollbackRevision(objectId);
  return (
    <>
      <button
        type="button"
        className="qa-link-btn"
        aria-haspopup="dialog"
        aria-label={t('timeline.rollback.label')}
        onClick={() => setConfirming(true)}
      >
        {t('timeline.rollback.button')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('timeline.rollback.confirm_title')}
          body={t(objectType === 'tag' ? 'timeline.rollback.confirm_tag' : 'timeline.rollback.confirm')}
          okText={t('timeline.rollback.ok')}
          cancelText={t('timeline.rollback.cancel')}
          pending={rollback.isPending}
          danger={false}
          onOk={() =>
            rollback.mutate(
              { revision_id: revisionId },
              {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success(t('timeline.rollback.done'));
                  onDone?.();
                },
                onError: (error) => {
                  setConfirming(false);
                  const message = isApiError(error) && error.message ? error.message : String(error);
                  toast.danger(t('timeline.rollback.failed', { message }));
                },
              },
            )
          }
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
