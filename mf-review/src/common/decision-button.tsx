import { Button, type ButtonProps } from '@agora/shared-ui/antd';

/**
 * A decision on a task. While a decision is being sent (`busy`), the button that sent it shows it is
 * pending and the others wait, so a task is never decided twice from one screen.
 */
export function DecisionButton({
  busy,
  mine,
  ...props
}: Omit<ButtonProps, 'loading' | 'disabled'> & { busy: boolean; mine: boolean }) {
  return <Button {...props} loading={busy && mine} disabled={busy && !mine} />;
}
