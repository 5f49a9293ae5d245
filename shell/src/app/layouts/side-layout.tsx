import { Outlet } from 'react-router-dom';
import { SideNav } from '../../nav/side-nav';
import { useSiteInfo } from '../../session/hooks';
import { CustomHtml } from '../../site/custom-html';

/**
 * Side navigation beside the content (hidden below lg, where the header's menu button opens it), with the
 * administrator's custom sidebar HTML under it.
 */
export function SideLayout() {
  const sidebar = useSiteInfo()?.custom_css_html.custom_sidebar;
  return (
    <div className="side-layout">
      <aside className="side-layout__nav">
        <SideNav />
        <CustomHtml area="sidebar" html={sidebar} />
      </aside>
      <div className="side-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
