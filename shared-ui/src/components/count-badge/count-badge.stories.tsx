import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { CountBadge } from './count-badge';

const meta = {
  title: 'Data display/CountBadge',
  component: CountBadge,
  args: { count: 12 },
} satisfies Meta<typeof CountBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Some: Story = {};
export const Cap: Story = { args: { count: 99 } };
export const AboveCap: Story = { args: { count: 100 } };
/** Nothing is rendered at 0. */
export const Zero: Story = { args: { count: 0 } };
