import { Form, Modal, type FormInstance } from '@agora/shared-ui/antd';
import type { ReactNode } from 'react';

/**
 * A dialog holding one antd form: OK submits it (its rules run first), Enter in a field too; the
 * dialog keeps to the viewport on a phone. `danger` colours the OK button for irreversible steps.
 */
export function FormDialog<T extends object>({
  title,
  okText,
  cancelText,
  form,
  pending,
  danger,
  onFinish,
  onCancel,
  children,
}: {
  title: string;
  okText: string;
  cancelText: string;
  form: FormInstance<T>;
  pending: boolean;
  danger?: boolean;
  onFinish(values: T): void;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      className="admin-dialog"
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ loading: pending, danger }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<T> form={form} layout="vertical" onFinish={onFinish} noValidate requiredMark>
        {children}
        {/* Enter in a text field submits the form. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
