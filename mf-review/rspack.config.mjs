import { createConfig } from '@agora/federation';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_review',
  kind: 'remote',
  port: 3003,
  exposes: { './routes': './src/expose/routes.tsx' },
});
