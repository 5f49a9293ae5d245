import { reasonsQuery } from '@agora/shared-api/resources/reason';
import { CloseReasonDialog } from '@agora/shared-ui/antd';
import { useQuery } from '@tanstack/react-query';

export interface CloseDialogProps {
  pending: boolean;
  /** The server's word on the remark (a field error). */
  serverError?: string;
  onSubmit(values: { close_type: number; close_msg?: string }): void;
  onCancel(): void;
}

/** Close the flagged question: the shared close-reason dialog with the site's reasons (GET reasons). */
export function CloseDialog(props: CloseDialogProps) {
  const reasons = useQuery(reasonsQuery('question', 'close'));
  return <CloseReasonDialog reasons={reasons.data} failed={reasons.isError} {...props} />;
}
