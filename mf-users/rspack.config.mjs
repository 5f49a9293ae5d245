import { createConfig } from '@agora/federation';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_users',
  kind: 'remote',
  port: 3002,
  exposes: { './routes': './src/expose/routes.tsx' },
});
