import { AntdProvider, Modal } from '@agora/shared-ui/antd';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  /** The words of the button that goes ahead (the operation's own verb where it has one) and of Cancel. */
  okText: string;
  cancelText: string;
  pending: boolean;
  danger: boolean;
  onOk(): void;
  onCancel(): void;
}

/**
 * The confirmation of an operation on a post (docs/product-rules.md): the question page's actions and the
 * timeline's rollback. Loaded with antd when one is first asked for: import it from `./confirm`.
 */
export function ConfirmDialog({
  title,
  body,
  okText,
  cancelText,
  pending,
  danger,
  onOk,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AntdProvider>
      <Modal
        open
        title={title}
        okText={okText}
        cancelText={cancelText}
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
