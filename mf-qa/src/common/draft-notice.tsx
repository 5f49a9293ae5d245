import { Button, Modal } from '@agora/shared-ui/antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import './draft-notice.css';

/**
 * 'Your draft has been restored.' above a form whose local draft came back, with a Discard button that
 * asks first (discarding a draft needs confirmation). `onDiscard` runs once confirmed.
 */
export function DraftNotice({ onDiscard }: { onDiscard(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="qa-ask-draft" role="status">
        <span>{t('ask.draft.restored')}</span>
        <Button htmlType="button" size="small" onClick={() => setConfirming(true)}>
          {t('ask.draft.discard')}
        </Button>
      </div>
      <Modal
        open={confirming}
        title={t('ask.draft.confirm_title')}
        okText={t('ask.draft.confirm_ok')}
        cancelText={t('ask.draft.confirm_cancel')}
        okButtonProps={{ danger: true }}
        onOk={() => {
          setConfirming(false);
          onDiscard();
        }}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <p>{t('ask.draft.confirm_content')}</p>
      </Modal>
    </>
  );
}
