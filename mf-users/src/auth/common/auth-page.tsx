import { AntdProvider, Button } from '@agora/shared-ui/antd';
import { useEffect, useRef, type ReactNode } from 'react';
import '../auth.css';

export interface AuthPageProps {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every account screen: antd (lazily loaded with the screen), a centred column that holds
 * from 320 px up, and the page heading (focused when the screen opens, so screen readers announce it).
 */
export function AuthPage({ title, intro, children }: AuthPageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <AntdProvider>
      <section className="mf-auth" aria-labelledby="mf-auth-title">
        <h1 id="mf-auth-title" ref={heading} className="mf-auth__title" tabIndex={-1}>
          {title}
        </h1>
        {intro && <p className="mf-auth__intro">{intro}</p>}
        <div className="mf-auth__card">{children}</div>
      </section>
    </AntdProvider>
  );
}

/** The primary submit button of an account form, with its pending state. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="primary" htmlType="submit" className="mf-auth__submit" loading={pending} aria-busy={pending}>
      {children}
    </Button>
  );
}
