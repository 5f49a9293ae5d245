import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'default' | 'text' | 'link' | 'outline-light';
export type ButtonSize = 'small' | 'middle' | 'large';

interface CommonProps {
  /** Visual weight; 'outline-light' is for use on the coloured navbar. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  danger?: boolean;
  /** Shows a busy state and blocks clicks (buttons show a pending state during their request). */
  loading?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

type AsButton = CommonProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'> & {
    htmlType?: 'button' | 'submit' | 'reset';
    to?: undefined;
    href?: undefined;
  };

type AsLink = CommonProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children'> & {
    /** An in-app path: rendered as a router link. */
    to?: string;
    /** An external URL: rendered as a plain anchor. */
    href?: string;
  };

export type ButtonProps = AsButton | AsLink;

function classes({ variant = 'default', size = 'middle', block, danger, loading, className }: CommonProps): string {
  return [
    'agora-btn',
    `agora-btn--${variant}`,
    size !== 'middle' && `agora-btn--${size}`,
    block && 'agora-btn--block',
    danger && 'agora-btn--danger',
    loading && 'agora-btn--loading',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A light button (or link styled as one) following the theme's CSS variables. Use it anywhere; it costs
 * no antd download. Screens that already render antd forms may use antd's Button from ./antd instead.
 */
export function Button(props: ButtonProps) {
  const { variant, size, block, danger, loading, icon, children, className, ...rest } = props;
  const cls = classes({ variant, size, block, danger, loading, className });
  const content = (
    <>
      {loading ? <span className="agora-btn__spinner" aria-hidden="true" /> : icon}
      {children !== undefined && <span>{children}</span>}
    </>
  );
  if ('to' in rest && rest.to !== undefined) {
    const { to, ...anchor } = rest as AsLink & { to: string };
    return (
      <Link to={to} className={cls} {...anchor}>
        {content}
      </Link>
    );
  }
  if ('href' in rest && rest.href !== undefined) {
    return (
      <a className={cls} {...(rest as AsLink)}>
        {content}
      </a>
    );
  }
  const { htmlType = 'button', disabled, ...button } = rest as AsButton;
  return (
    <button type={htmlType} className={cls} disabled={disabled || loading} aria-busy={loading || undefined} {...button}>
      {content}
    </button>
  );
}
