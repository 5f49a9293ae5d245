import { BULK_USERS_MAX } from '@agora/shared-api/contract';
import { applyFieldErrors, check, Form, Input } from '@agora/shared-ui/antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddUsers } from '../api/users';
import { FormDialog } from '../common/form-dialog';
import { NAMESPACE } from '../namespace';

interface Values {
  users: string;
}

/** The non-empty lines of the text. */
export const linesOf = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '');

/**
 * Add many members at once (POST users): one `display_name,email,password` per line, up to 5000 lines.
 * The server answers at once with the background job that imports them; `onStarted` gets its id (the
 * screen then shows its progress and the lines it could not import). A refused text (too many lines)
 * shows the server's error on the field.
 */
export function BulkAddDialog({ onClose, onStarted }: { onClose(): void; onStarted(jobId: string): void }) {
  const { t } = useTranslation(NAMESPACE);
  const hintId = useId();
  const [form] = Form.useForm<Values>();
  const add = useAddUsers();

  const finish = ({ users }: Values) =>
    add.mutate(
      { users },
      {
        onSuccess: (job) => onStarted(job.id),
        onError: (error) => applyFieldErrors(form, error, ['users']),
      },
    );

  return (
    <FormDialog<Values>
      title={t('users.bulk_dialog.title')}
      okText={t('users.bulk_dialog.submit')}
      cancelText={t('users.cancel')}
      form={form}
      pending={add.isPending}
      onFinish={finish}
      onCancel={onClose}
    >
      <Form.Item<Values>
        name="users"
        label={t('users.bulk_dialog.field')}
        extra={<span id={hintId}>{t('users.bulk_dialog.hint', { max: BULK_USERS_MAX })}</span>}
        required
        rules={check((v) => {
          const lines = linesOf(v);
          if (lines.length === 0) return t('users.bulk_dialog.empty');
          if (lines.length > BULK_USERS_MAX) return t('users.bulk_dialog.too_many', { max: BULK_USERS_MAX });
          const bad = lines.findIndex((line) => line.split(',').length < 3);
          if (bad >= 0) return t('users.bulk_dialog.bad_line', { line: bad + 1 });
          return null;
        })}
      >
        <Input.TextArea
          rows={8}
          aria-describedby={hintId}
          placeholder="Ada Lovelace,ada@example.com,a-long-password"
          spellCheck={false}
        />
      </Form.Item>
    </FormDialog>
  );
}
