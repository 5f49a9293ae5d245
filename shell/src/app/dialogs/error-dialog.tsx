import { Button } from '@agora/shared-ui';
import { AntdProvider, Modal } from '@agora/shared-ui/antd';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorDialogAtom } from '../page-error';

/** A 400 with err_type 'modal' opens a confirm dialog; a 400 with nothing else to show, a message dialog. */
export default function ErrorDialog() {
  const { t } = useTranslation('shell');
  const [dialog, setDialog] = useAtom(errorDialogAtom);
  const close = () => setDialog(null);
  return (
    <AntdProvider>
      <Modal
        open={!!dialog}
        title={t('dialog.title')}
        onCancel={close}
        footer={
          <Button variant={dialog?.kind === 'confirm' ? 'primary' : 'default'} onClick={close}>
            {dialog?.kind === 'confirm' ? t('dialog.ok') : t('dialog.close')}
          </Button>
        }
      >
        <p>{dialog?.message}</p>
      </Modal>
    </AntdProvider>
  );
}
