import { AntdProvider } from '@agora/shared-ui/antd';
import { InstallWizard } from './wizard';
import './install.css';

/** The /install screen (lazily loaded: antd forms are fine here). */
export default function InstallScreen() {
  return (
    <AntdProvider>
      <InstallWizard />
    </AntdProvider>
  );
}
