import { Modal } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/** Confirm deleting the flagged post. */
export function DeleteDialog({ pending, onOk, onCancel }: { pending: boolean; onOk(): void; onCancel(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal
      open
      title={t('flags.delete_dialog.title')}
      okText={t('flags.delete_dialog.confirm')}
      cancelText={t('flags.delete_dialog.cancel')}
      okButtonProps={{ loading: pending, danger: true }}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <p>{t('flags.delete_dialog.body')}</p>
    </Modal>
  );
}
