import { LoadingOutlined } from '@ant-design/icons';
import { Button as AntButton, type ButtonProps } from 'antd';
import { forwardRef, type ComponentRef, type MouseEvent } from 'react';

/**
 * antd's Button with its pending state (`loading`) drawn without antd's loading motion. antd animates its
 * spinner in and out; when a request ends before the animation in has begun (a fast answer), the spinner
 * is left in the page mid-way out, invisible but still named "loading", so the button's accessible name
 * stays "loading Log in" for good. Here the spinner is a plain, hidden-from-readers icon, the button says
 * it is busy (aria-busy) and ignores clicks while pending (as antd's loading does).
 */
export const Button = forwardRef<ComponentRef<typeof AntButton>, ButtonProps>(function Button(
  { loading, icon, onClick, className, ...rest },
  ref,
) {
  const pending = typeof loading === 'object' && loading !== null ? true : !!loading;
  const click = (event: MouseEvent<HTMLButtonElement> & MouseEvent<HTMLAnchorElement>) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <AntButton
      ref={ref}
      {...rest}
      className={pending ? [className, 'agora-button-pending'].filter(Boolean).join(' ') : className}
      icon={pending ? <LoadingOutlined aria-hidden /> : icon}
      aria-busy={rest['aria-busy'] ?? (pending ? true : undefined)}
      onClick={click}
    />
  );
});
