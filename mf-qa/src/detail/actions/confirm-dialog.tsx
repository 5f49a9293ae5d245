import { AntdProvider, Modal } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  pending: boolean;
  danger: boolean;
  onOk(): void;
  onCancel(): void;
}

/** The confirmation of a post operation (docs/product-rules.md), loaded with antd when one is first asked for. */
export function ConfirmDialog({ title, body, pending, danger, onOk, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <AntdProvider>
      <Modal
        open
        title={title}
        okText={t('detail.actions.confirm')}
        cancelText={t('detail.actions.cancel')}
        okButtonProps={{ loading: pending, danger }}
        onOk={onOk}
        onCancel={onCancel}
        destroyOnHidden
      >
        <p>{body}</p>
      </Modal>
    </AntdProvider>
  );
}
