import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { RelativeTime } from './relative-time';
import { TimeZoneProvider } from './time-zone';

const nowSeconds = () => Math.floor(Date.now() / 1000);

const meta = {
  title: 'Data display/RelativeTime',
  component: RelativeTime,
  args: { time: nowSeconds() - 5 },
  parameters: { docs: { description: { component: 'Hover for the full date. The text keeps counting.' } } },
} satisfies Meta<typeof RelativeTime>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Seconds: Story = {};
export const Minutes: Story = { args: { time: nowSeconds() - 25 * 60 } };
export const Hours: Story = { args: { time: nowSeconds() - 5 * 3600 } };
export const EarlierThisYearOrLast: Story = { args: { time: nowSeconds() - 40 * 86_400 } };
export const PreviousYear: Story = { args: { time: nowSeconds() - 400 * 86_400 } };
export const InShanghai: Story = {
  args: { time: nowSeconds() - 3 * 86_400 },
  render: (args) => (
    <TimeZoneProvider timeZone="Asia/Shanghai">
      <RelativeTime {...args} />
    </TimeZoneProvider>
  ),
};
