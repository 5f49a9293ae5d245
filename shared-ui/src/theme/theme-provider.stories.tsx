import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { Button as AntdButton } from 'antd';
import { Button } from '../components/button/button';
import { AntdProvider } from './antd-theme';
import { ThemeProvider, type ThemeSettings } from './theme-provider';

/** A navbar in plain markup styled only by the CSS custom properties ThemeProvider sets. */
function ThemePreview(settings: ThemeSettings) {
  return (
    <ThemeProvider settings={settings}>
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          padding: '12px 16px',
          background: 'var(--agora-navbar-bg)',
          color: 'var(--agora-navbar-fg)',
          borderBottom: '1px solid var(--agora-navbar-border)',
        }}
      >
        <strong>Agora</strong>
        <span>Questions</span>
        <span>Tags</span>
        <span>Users</span>
      </header>
      <div style={{ display: 'flex', gap: 8, padding: 16 }}>
        <Button variant="primary">Light primary button</Button>
        <Button>Light default button</Button>
        <AntdProvider>
          <AntdButton type="primary">antd primary button (inside AntdProvider)</AntdButton>
        </AntdProvider>
      </div>
    </ThemeProvider>
  );
}

const meta = {
  title: 'Theme/ThemeProvider',
  component: ThemePreview,
  args: { primaryColor: '#0033FF', navbarStyle: 'colored' },
  argTypes: {
    primaryColor: { control: 'color' },
    navbarStyle: { control: 'select', options: ['colored', 'light', '#1f1f1f', '#f5f5f5'] },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ThemePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ColoredNavbar: Story = {};
export const LightNavbar: Story = { args: { navbarStyle: 'light' } };
export const CustomNavbarColour: Story = { args: { navbarStyle: '#1f1f1f' } };
export const OtherPrimaryColour: Story = { args: { primaryColor: '#0a7d38' } };
