import type { ReactNode } from 'react';
import './content-with-sidebar.css';

export interface ContentWithSidebarProps {
  children: ReactNode;
  sidebar: ReactNode;
  /** Accessible name of the sidebar landmark, useful when a page has more than one <aside>. */
  sidebarLabel?: string;
}

/** Main column plus a complementary sidebar on the right; stacks (sidebar below) under lg (992 px). */
export function ContentWithSidebar({ children, sidebar, sidebarLabel }: ContentWithSidebarProps) {
  return (
    <div className="agora-with-sidebar">
      <div className="agora-with-sidebar__main">{children}</div>
      <aside className="agora-with-sidebar__side" aria-label={sidebarLabel}>
        {sidebar}
      </aside>
    </div>
  );
}
