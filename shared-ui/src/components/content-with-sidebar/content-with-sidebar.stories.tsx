import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { SideCard } from '../side-card/side-card';
import { ContentWithSidebar } from './content-with-sidebar';

const meta = {
  title: 'Layout/ContentWithSidebar',
  component: ContentWithSidebar,
  args: {
    children: (
      <div style={{ background: 'var(--agora-muted-bg)', padding: 16, minHeight: 240 }}>
        Main column. Below 992 px the sidebar moves under it.
      </div>
    ),
    sidebar: (
      <SideCard title="Hot questions">
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          <li>How do I configure SMTP?</li>
          <li>Why is my tag not showing?</li>
        </ul>
      </SideCard>
    ),
  },
} satisfies Meta<typeof ContentWithSidebar>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
