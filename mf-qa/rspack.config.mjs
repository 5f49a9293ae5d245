import { createConfig } from '@agora/federation';

export default createConfig({
  dir: import.meta.dirname,
  name: 'mf_qa',
  kind: 'remote',
  port: 3001,
  exposes: { './routes': './src/expose/routes.tsx' },
});
