/**
 * Import rules of the API server (server/src), checked by `pnpm lint` (depcruise after eslint).
 * A violation names the rule and the import that breaks it; docs/architecture.md explains how to read it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: modules must layer one way (db <- repository <- service <- routes).',
      from: { path: '^server/src' },
      to: { circular: true },
    },
    {
      name: 'no-route-to-route',
      severity: 'error',
      comment: 'A route file never imports another route file: what two route files share lives in a service.',
      from: { path: '^server/src/.+routes\\.ts$' },
      to: { path: '^server/src/.+routes\\.ts$' },
    },
    {
      name: 'no-foreign-repository',
      severity: 'error',
      comment: "A module reads another module's tables through that module's service, never its repository.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/([^/]+)/(repository|[a-z-]+-repository)\\.ts$',
        pathNot: '^server/src/modules/$1/',
      },
    },
    {
      name: 'db-and-lib-below-modules',
      severity: 'error',
      comment: 'db/ and lib/ are the bottom layers: they never import a module.',
      from: { path: '^server/src/(db|lib)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'install-without-demo',
      severity: 'error',
      comment: 'Installing a site never needs the demo content generator.',
      from: { path: '^server/src/modules/install/' },
      to: { path: '^server/src/demo/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
