// Boundaries between features (`npm run lint` runs it). A feature is a folder of
// packages/{server,web}/src/features; what another feature may use of it is its `index.ts`, nothing else.
// What several features share lives outside them (lib/, components/, the contract).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-internals',
      comment:
        "A feature imports another feature only through that feature's index.ts (its public surface); " +
        'move what both need to a shared place (lib/, components/, the contract) or export it there.',
      severity: 'error',
      from: { path: '^packages/(server|web)/src/features/([^/]+)/' },
      to: {
        path: '^packages/$1/src/features/([^/]+)/',
        pathNot: ['^packages/$1/src/features/$2/', '^packages/$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'shared-code-uses-no-feature',
      comment: 'Shared code (lib/, components/, auth/, db/, notify/) must not depend on a feature.',
      severity: 'error',
      from: { path: '^packages/(server|web)/src/(lib|components|auth|db|notify|i18n)/' },
      to: { path: '^packages/$1/src/features/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by the server and the web: it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$', '/test/', '/e2e/', '/security/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
