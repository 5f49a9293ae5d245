import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { RevisionDiff } from './revision-diff';

const meta = {
  title: 'Data display/RevisionDiff',
  component: RevisionDiff,
  args: {
    before: {
      title: 'How to serve files with nginx',
      tags: ['nginx', 'linux'],
      body: 'Install nginx.\n\nThen run `nginx -s reload`.',
    },
    after: {
      title: 'How to serve static files with nginx',
      tags: ['nginx', 'http'],
      body: 'Install nginx from the distribution.\n\nThen run `nginx -s reload`.',
    },
  },
} satisfies Meta<typeof RevisionDiff>;

export default meta;
type Story = StoryObj<typeof meta>;

export const QuestionEdit: Story = {};
export const AnswerEdit: Story = {
  args: { before: { body: 'Use a loop.' }, after: { body: 'Use a map instead of a loop.' } },
};
export const Unchanged: Story = { args: { before: { body: 'Same' }, after: { body: 'Same' } } };
