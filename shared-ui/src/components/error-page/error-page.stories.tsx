import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ErrorPage } from './error-page';

const meta = {
  title: 'Feedback/ErrorPage',
  component: ErrorPage,
  args: { code: 404 },
  argTypes: { code: { control: 'select', options: [403, 404, '50X', 502] } },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Forbidden: Story = { args: { code: 403 } };
export const NotFound: Story = { args: { code: 404 } };
export const ServerError: Story = { args: { code: '50X' } };
export const BadGateway: Story = { args: { code: 502 } };
