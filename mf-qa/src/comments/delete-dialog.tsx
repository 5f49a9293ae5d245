import { AntdProvider, Modal } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/** Asks before a comment is deleted (deletions are confirmed). */
export function DeleteDialog({
  open,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AntdProvider>
      <Modal
        open={open}
        title={t('comments.delete.title')}
        okText={t('comments.delete.confirm')}
        cancelText={t('comments.delete.cancel')}
        okButtonProps={{ danger: true }}
        confirmLoading={pending}
        onOk={onConfirm}
        onCancel={onCancel}
        destroyOnHidden
      >
        <p>{t('comments.delete.body')}</p>
      </Modal>
    </AntdProvider>
  );
}
