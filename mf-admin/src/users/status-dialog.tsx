import type { AdminUserItem, AdminUserStatus, SuspendDuration } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { Alert, applyFieldErrors, Checkbox, Form, Radio, Select } from '@agora/shared-ui/antd';
import { useTranslation } from 'react-i18next';
import { useUserStatus } from '../api/users';
import { FormDialog } from '../common/form-dialog';
import { NAMESPACE } from '../namespace';
import { statusChoices, SUSPEND_DURATIONS } from './status-rules';

interface Values {
  status?: AdminUserStatus;
  suspend_duration?: SuspendDuration;
  remove_all_content?: boolean;
}

/**
 * Change a member's status (PUT user/status): a status must be chosen among those the current one
 * allows; suspending asks for how long; deleting warns that it cannot be undone and may remove all of the
 * member's content. The unchanged status closes the dialog without a call.
 */
export function StatusDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('status', form);
  const save = useUserStatus();
  const name = user.display_name || user.username;

  const finish = (values: Values) => {
    if (!values.status || values.status === user.status) {
      onClose();
      return;
    }
    const status = values.status;
    save.mutate(
      {
        user_id: user.user_id,
        status,
        ...(status === 'suspended' ? { suspend_duration: values.suspend_duration } : {}),
        ...(status === 'deleted' ? { remove_all_content: !!values.remove_all_content } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t(`users.status_dialog.done.${status}`, { name }));
          onClose();
        },
        // Field errors land on the fields; the shell tells of any other refusal.
        onError: (error) => applyFieldErrors(form, error, ['status', 'suspend_duration', 'remove_all_content']),
      },
    );
  };

  return (
    <FormDialog<Values>
      title={t('users.status_dialog.title', { name })}
      okText={t('users.status_dialog.submit')}
      cancelText={t('users.cancel')}
      form={form}
      pending={save.isPending}
      danger={chosen === 'deleted'}
      onFinish={finish}
      onCancel={onClose}
    >
      <Form.Item<Values>
        name="status"
        label={t('users.status_dialog.status')}
        rules={[{ required: true, message: t('users.status_dialog.choose') }]}
      >
        <Radio.Group className="admin-radio-list">
          {statusChoices(user.status).map((status) => (
            <Radio key={status} value={status}>
              {t(`users.status.${status}`)}
              {status === user.status && ` ${t('users.status_dialog.current')}`}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {chosen === 'suspended' && user.status !== 'suspended' && (
        <Form.Item<Values>
          name="suspend_duration"
          label={t('users.status_dialog.duration')}
          rules={[{ required: true, message: t('users.status_dialog.choose_duration') }]}
        >
          <Select<SuspendDuration>
            options={SUSPEND_DURATIONS.map((d) => ({ value: d, label: t(`users.duration.${d}`) }))}
          />
        </Form.Item>
      )}
      {chosen === 'deleted' && (
        <>
          <Alert
            type="error"
            showIcon
            className="admin-dialog-note"
            title={t('users.status_dialog.delete_warning_title')}
            description={t('users.status_dialog.delete_warning')}
          />
          <Form.Item<Values> name="remove_all_content" valuePropName="checked">
            <Checkbox>{t('users.status_dialog.remove_all_content')}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
