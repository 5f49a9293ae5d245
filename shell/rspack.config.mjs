import { createConfig } from '@agora/federation';

export default createConfig({ dir: import.meta.dirname, name: 'shell', kind: 'host', port: 3000 });
