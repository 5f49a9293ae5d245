import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ListPlaceholder } from './list-placeholder';

const meta = {
  title: 'Feedback/ListPlaceholder',
  component: ListPlaceholder,
  args: { rows: 10 },
} satisfies Meta<typeof ListPlaceholder>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
export const ThreeRows: StoryObj<typeof meta> = { args: { rows: 3 } };
