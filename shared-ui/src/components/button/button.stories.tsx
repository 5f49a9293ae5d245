import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Add question', variant: 'primary' },
  argTypes: {
    variant: { control: 'select', options: ['primary', 'default', 'text', 'link', 'outline-light'] },
    size: { control: 'select', options: ['small', 'middle', 'large'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Default: Story = { args: { variant: 'default', children: 'Log in' } };
export const Loading: Story = { args: { loading: true, children: 'Saving' } };
export const AsLink: Story = { args: { to: '/questions/ask', children: 'Ask (link)' } };
