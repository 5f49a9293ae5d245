import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Header } from '../../header/header';
import { useSiteInfo } from '../../session/hooks';
import { CustomHtml } from '../../site/custom-html';
import { pageErrorAtom } from '../page-error';
import { ErrorView } from '../pages/error-view';
import { Footer } from './footer';

/**
 * Header, main content and footer: the frame both main layouts share, with the administrator's custom
 * header above the header and custom footer below the footer, at the site's layout width.
 */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const site = useSiteInfo();
  const custom = site?.custom_css_html;
  return (
    <div className="app-frame" data-layout={site?.theme.layout === 'Fixed-width' ? 'fixed' : 'full'}>
      <a className="skip-link" href="#main-content">
        {t('skip_to_content')}
      </a>
      <CustomHtml area="header" html={custom?.custom_header} />
      <Header />
      <main id="main-content" className="app-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <CustomHtml area="footer" html={custom?.custom_footer} />
    </div>
  );
}

/** The routed content, or the error page the error handler put in its place (reset on navigation). */
export function RoutedContent() {
  const pageError = useAtomValue(pageErrorAtom);
  return pageError ? <ErrorView page={pageError} /> : <Outlet />;
}
