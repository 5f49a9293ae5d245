import { Outlet } from 'react-router-dom';
import { SideNav } from '../../nav/side-nav';

/** Side navigation beside the content (hidden below lg, where the header's menu button opens it). */
export function SideLayout() {
  return (
    <div className="side-layout">
      <aside className="side-layout__nav">
        <SideNav />
      </aside>
      <div className="side-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
