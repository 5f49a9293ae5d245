import type { AdminUserItem } from '@agora/shared-api/contract';
import { useToast } from '@agora/shared-ui';
import { applyFieldErrors, Form, Radio } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rolesQuery, useUserRole } from '../api/users';
import { FormDialog } from '../common/form-dialog';
import { QueryState } from '../common/query-state';
import { NAMESPACE } from '../namespace';

interface Values {
  role_id: number;
}

/** Change a member's role (PUT user/role) among the roles of GET roles; the unchanged role sends nothing. */
export function RoleDialog({ user, onClose }: { user: AdminUserItem; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const roles = useQuery(rolesQuery());
  const save = useUserRole();
  const name = user.display_name || user.username;

  const finish = ({ role_id }: Values) => {
    if (role_id === user.role_id) {
      onClose();
      return;
    }
    save.mutate(
      { user_id: user.user_id, role_id },
      {
        onSuccess: () => {
          const role = roles.data?.find((r) => r.id === role_id)?.name ?? '';
          toast.success(t('users.role_dialog.done', { name, role }));
          onClose();
        },
        onError: (error) => applyFieldErrors(form, error, ['role_id']),
      },
    );
  };

  return (
    <FormDialog<Values>
      title={t('users.role_dialog.title', { name })}
      okText={t('users.role_dialog.submit')}
      cancelText={t('users.cancel')}
      form={form}
      pending={save.isPending}
      onFinish={finish}
      onCancel={onClose}
    >
      <QueryState query={roles}>
        {(list) => (
          <Form.Item<Values>
            name="role_id"
            label={t('users.role_dialog.role')}
            initialValue={user.role_id}
            rules={[{ required: true, message: t('users.role_dialog.choose') }]}
          >
            <Radio.Group className="admin-radio-list">
              {list.map((role) => (
                <Radio key={role.id} value={role.id}>
                  <span className="admin-radio-text">
                    <span>{role.name}</span>
                    {role.description && <span className="admin-muted">{role.description}</span>}
                  </span>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        )}
      </QueryState>
    </FormDialog>
  );
}
