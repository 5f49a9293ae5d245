import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { SideCard } from './side-card';

const meta = {
  title: 'Layout/SideCard',
  component: SideCard,
  args: {
    title: 'Hot questions',
    children: (
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        <li>How do I configure SMTP?</li>
        <li>Why is my tag not showing?</li>
      </ul>
    ),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof SideCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHeaderAction: Story = {
  args: {
    title: 'Following tags',
    extra: (
      <button type="button" className="agora-btn">
        Edit
      </button>
    ),
    children: <p style={{ margin: 0 }}>react · typescript · rspack</p>,
  },
};
