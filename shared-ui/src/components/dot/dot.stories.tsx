import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Dot } from './dot';

const meta = {
  title: 'Data display/Dot',
  component: Dot,
  args: { visible: true, label: 'New notifications' },
} satisfies Meta<typeof Dot>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visible: Story = {};
export const Hidden: Story = { args: { visible: false } };
export const OnAButton: Story = {
  render: (args) => (
    <button type="button" className="agora-btn" style={{ position: 'relative' }}>
      Inbox
      <span style={{ position: 'absolute', top: 2, right: 2 }}>
        <Dot {...args} />
      </span>
    </button>
  ),
};
