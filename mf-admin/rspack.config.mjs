import { createConfig } from '@agora/federation';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_admin',
  kind: 'remote',
  port: 3004,
  exposes: { './routes': './src/expose/routes.tsx' },
});
