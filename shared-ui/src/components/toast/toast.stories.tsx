import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useToast } from './toast';

function ToastDemo() {
  const toast = useToast();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <button type="button" className="agora-btn" onClick={() => toast.success('Saved successfully.')}>
        Success
      </button>
      <button
        type="button"
        className="agora-btn"
        onClick={() => toast.danger('Vote failed: you cannot vote on your own post.')}
      >
        Danger
      </button>
      <button type="button" className="agora-btn" onClick={() => toast.info('A new answer was posted.')}>
        Info
      </button>
      <button type="button" className="agora-btn" onClick={() => toast.warning('Your draft will expire soon.')}>
        Warning
      </button>
      <button type="button" className="agora-btn" onClick={() => toast.copied()}>
        Copy link
      </button>
    </div>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  parameters: { docs: { description: { component: 'useToast(): toasts hide after 5 s, the copied hint after 1 s.' } } },
} satisfies Meta<typeof ToastDemo>;

export default meta;
export const Toasts: StoryObj<typeof meta> = {};
