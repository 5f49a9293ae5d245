import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { NotAvailable } from './not-available';

const meta = { title: 'Feedback/NotAvailable', component: NotAvailable } satisfies Meta<typeof NotAvailable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Generic: Story = {};
export const WithFeature: Story = { args: { feature: 'Notifications' } };
