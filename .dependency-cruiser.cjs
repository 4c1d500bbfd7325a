// The dependency graph is a rule, checked by the build (STYLE.md, ARCHITECTURE.md "Top-level layout"):
// `npm run depcruise`, part of `npm run check`.
//
// Workspaces import each other by package name (`@wine/platform`, `@wine/platform/testing`), resolved
// through the node_modules symlinks to their real folders, so every rule below speaks of folders. A
// package name reaches only what its package.json `exports` lists (anything else does not resolve and
// fails `not-to-unresolvable`), and no relative path may leave its workspace: between them, another
// workspace is reached through its public entries only.
//
// The script names its files by glob ('platform/**/*.ts', ...) rather than by folder: dependency-cruiser
// walks a folder for the extensions it can parse itself, and TypeScript is parsed here through
// .dependency-cruiser.babel.cjs (see there why), which it does not count as such.
const { builtinModules } = require('node:module');

/** Who may import whom, by workspace folder. Anything not listed is refused. */
const allowed = {
  'event-schemas': [],
  contracts: ['event-schemas'],
  platform: ['event-schemas', 'contracts'],
  'command-service': ['platform', 'contracts', 'event-schemas'],
  'projection-service': ['platform', 'contracts', 'event-schemas'],
  'realtime-service': ['platform', 'contracts', 'event-schemas'],
  ui: ['contracts', 'event-schemas'],
  deploy: [
    'command-service',
    'projection-service',
    'realtime-service',
    'platform',
    'contracts',
    'event-schemas',
  ],
  tests: [
    'deploy',
    'command-service',
    'projection-service',
    'realtime-service',
    'platform',
    'contracts',
    'event-schemas',
  ],
};

const why = {
  'event-schemas': 'event-schemas is the root of the graph: it imports no other workspace.',
  contracts: 'contracts imports event-schemas only (ARCHITECTURE.md: event-schemas <- contracts).',
  platform: 'platform knows no product: it imports event-schemas and contracts only, never a service.',
  'command-service':
    'no service imports another: command-service imports platform, contracts and event-schemas only ' +
    '(what two services share belongs in contracts or platform).',
  'projection-service':
    'no service imports another: projection-service imports platform, contracts and event-schemas only ' +
    '(what two services share belongs in contracts or platform).',
  'realtime-service':
    'no service imports another: realtime-service imports platform, contracts and event-schemas only ' +
    '(what two services share belongs in contracts or platform).',
  ui: 'the ui imports @wine/contracts and the browser-safe entry of @wine/event-schemas only.',
  deploy: "deploy wires the services' public entries, platform, contracts and event-schemas.",
  tests: 'tests drive the product through public entries; nothing imports tests.',
};

const workspaces = Object.keys(allowed);
const anyWorkspace = `^(${workspaces.join('|')})/`;
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const nodeBuiltin = `^(node:)?(${builtinModules.map(escapeRegExp).join('|')})$`;

module.exports = {
  forbidden: [
    ...workspaces.map((workspace) => ({
      name: `${workspace}-imports-outside-its-layer`,
      comment: why[workspace],
      severity: 'error',
      from: { path: `^${workspace}/` },
      to: {
        path: `^(${workspaces.filter((w) => w !== workspace && !allowed[workspace].includes(w)).join('|')})/`,
      },
    })),
    {
      name: 'projection-core-knows-no-read-model',
      comment:
        "projection-service's core (runner, plan, checkpoints, publish loop) knows no read model: each " +
        'read model brings its projection and notifier, registered in projection-service/src/index.ts.',
      severity: 'error',
      from: { path: '^projection-service/src/core/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^projection-service/src/', pathNot: '^projection-service/src/core/' },
    },
    {
      name: 'relative-import-into-another-workspace',
      comment:
        "A relative path that leaves its workspace reaches another workspace's internals: import it by " +
        'its package name and an entry its package.json `exports` lists (e.g. @wine/platform/testing).',
      severity: 'error',
      from: { path: anyWorkspace },
      to: { dependencyTypes: ['local'], path: anyWorkspace, pathNot: '^$1/' },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that does not resolve: a missing file, or a workspace path its package.json `exports` ' +
        'does not offer (only public entries may be imported).',
      severity: 'error',
      from: {},
      // A stylesheet's address (Vite's `?url`, the rich-text editor's styles linked only while it shows)
      // is resolved by the bundler, not by the cruiser.
      to: { couldNotResolve: true, pathNot: '\\.css\\?url$' },
    },
    {
      name: 'ui-bundle-reaches-node-builtins',
      comment:
        'The ui runs in the browser: nothing its bundle imports, directly or through contracts and ' +
        'event-schemas, may import a Node builtin (the hash chain is @wine/event-schemas/hash-chain).',
      severity: 'error',
      from: { path: '^ui/src/main\\.tsx$' },
      to: { path: nodeBuiltin, reachable: true },
    },
    {
      name: 'ui-imports-node-builtin',
      comment: 'The ui runs in the browser (its specs in jsdom): no Node builtin, no fake one either.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-safe-entry-imports-node',
      comment:
        'contracts and the main entry of event-schemas are browser-safe (the ui imports them): Node-only ' +
        'code goes to its own entry, as event-schemas/src/hash-chain.ts does.',
      severity: 'error',
      from: {
        path: '^(contracts|event-schemas)/src/',
        pathNot: ['^event-schemas/src/hash-chain\\.ts$', '\\.(unit|int|e2e)\\.spec\\.ts$'],
      },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'ui-imports-node-only-entry',
      comment: 'The ui and contracts take the browser-safe entry of @wine/event-schemas, never hash-chain.',
      severity: 'error',
      from: { path: '^(ui|contracts)/' },
      to: { path: '^event-schemas/src/hash-chain\\.ts$' },
    },
    {
      name: 'no-circular-between-workspaces',
      comment:
        'Workspaces form a layered graph: an import cycle that passes through two workspaces is refused.',
      severity: 'error',
      from: { path: '^([^/]+)/' },
      to: { circular: true, viaSomeNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^ui/dist/' },
    moduleSystems: ['es6', 'cjs'],
    // See .dependency-cruiser.babel.cjs: TypeScript and TSX are read through @babel/core.
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
