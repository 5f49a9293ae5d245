import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { BadgeIcon, BadgeLevel } from './badge-icon';

const ICONS = [
  'question',
  'answer',
  'accepted',
  'edit',
  'flag',
  'vote',
  'bookmark',
  'profile',
  'score',
  'views',
  'reputation',
  'calendar',
  'https://example.com/unknown.png',
];

const meta = {
  title: 'Data display/BadgeIcon',
  component: BadgeIcon,
  args: { icon: 'accepted', level: 1, size: 24 },
} satisfies Meta<typeof BadgeIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bronze: Story = {};
export const Silver: Story = { args: { level: 2 } };
export const Gold: Story = { args: { level: 3, size: 48 } };
export const EveryIcon: Story = {
  render: (args) => (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 16, padding: 0, listStyle: 'none' }}>
      {ICONS.map((icon, index) => (
        <li key={icon} style={{ display: 'grid', justifyItems: 'center', gap: 4 }}>
          <BadgeIcon {...args} icon={icon} level={(index % 3) + 1} />
          <BadgeLevel level={(index % 3) + 1} />
        </li>
      ))}
    </ul>
  ),
};
