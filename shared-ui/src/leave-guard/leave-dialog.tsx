// The confirmation of LeaveGuardProvider (./leave-guard), loaded the first time a navigation is held.
// antd and AntdProvider through the singleton entry (see the README's federation rule).
import { AntdProvider, Modal } from '@agora/shared-ui/antd';
import { useSharedUiTranslation } from '../i18n/register';

export default function LeaveDialog({ onLeave, onStay }: { onLeave(): void; onStay(): void }) {
  const { t } = useSharedUiTranslation();
  return (
    <AntdProvider>
      <Modal
        open
        title={t('leave.title')}
        okText={t('leave.leave')}
        cancelText={t('leave.stay')}
        onOk={onLeave}
        onCancel={onStay}
        destroyOnHidden
      >
        <p>{t('leave.content')}</p>
      </Modal>
    </AntdProvider>
  );
}
