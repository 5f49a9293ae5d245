import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Header } from '../../header/header';
import { pageErrorAtom } from '../page-error';
import { ErrorView } from '../pages/error-view';
import { Footer } from './footer';

/** Header, main content and footer: the frame both main layouts share. */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="app-frame">
      <a className="skip-link" href="#main-content">
        {t('skip_to_content')}
      </a>
      <Header />
      <main id="main-content" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** The routed content, or the error page the error handler put in its place (reset on navigation). */
export function RoutedContent() {
  const pageError = useAtomValue(pageErrorAtom);
  return pageError ? <ErrorView page={pageError} /> : <Outlet />;
}
