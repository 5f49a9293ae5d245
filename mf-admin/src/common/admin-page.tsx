import { useDocumentTitle } from '@agora/shared-api';
import { AntdProvider } from '@agora/shared-ui/antd';
import { useId, type ReactNode } from 'react';
import './admin.css';

/** An admin page: its heading (also the document title), actions beside it, antd themed for its content. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  useDocumentTitle(title);
  return (
    <AntdProvider>
      <section className="admin-page" aria-labelledby={id}>
        <header className="admin-page__head">
          <h1 id={id} className="admin-page__title">
            {title}
          </h1>
          {actions && <div className="admin-page__actions">{actions}</div>}
        </header>
        {children}
      </section>
    </AntdProvider>
  );
}
