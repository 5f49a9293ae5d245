import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { PageContainer } from './page-container';

const Filler = () => (
  <div style={{ background: 'var(--agora-muted-bg)', padding: 16 }}>
    Content area: its max-width steps at 576 / 768 / 992 / 1200 / 1400 px. Resize the preview.
  </div>
);

const meta = {
  title: 'Layout/PageContainer',
  component: PageContainer,
  args: { children: <Filler /> },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageContainer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FixedWidth: Story = {};
export const FullWidth: Story = { args: { fluid: true } };
