import { createConfig } from '@agora/federation';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_install',
  kind: 'remote',
  port: 3005,
  exposes: { './routes': './src/expose/routes.tsx' },
});
