import { useDocumentTitle } from '@agora/shared-api';
import { AntdProvider } from '@agora/shared-ui/antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../namespace';
import './settings.css';

/** A settings screen: its title (the menu's name of the screen), an intro line, and its groups' forms. */
export function SettingsPage({ screen, intro, children }: { screen: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const title = t(`screens.${screen}`);
  useDocumentTitle(title);
  return (
    <AntdProvider>
      <div className="admin-settings">
        <h1 className="admin-settings__title">{title}</h1>
        {intro && <p className="admin-settings__intro">{intro}</p>}
        {children}
      </div>
    </AntdProvider>
  );
}
