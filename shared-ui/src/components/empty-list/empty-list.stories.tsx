import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { EmptyList } from './empty-list';

const meta = { title: 'Feedback/EmptyList', component: EmptyList } satisfies Meta<typeof EmptyList>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
