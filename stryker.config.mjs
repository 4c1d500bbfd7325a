// @ts-check
/**
 * `npm run mutate`: StrykerJS mutates the deciders and the bidding rules the browser shares, and runs the
 * unit specs that import each mutated file (Vitest's `related`), to show which changes no test notices.
 * Not part of CI (it runs the deciders' specs once per mutant). Report: reports/mutation/index.html.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  mutate: [
    'command-service/src/**/decide*.ts',
    'contracts/src/bidding/**/*.ts',
    '!**/*.spec.ts',
    // The given/when/then helper is test code, not a decider.
    '!command-service/src/core/decider-spec.ts',
  ],
  // Mutants in files a test imports through a package name (@wine/contracts) are killed only by the
  // specs beside them: the sandbox's node_modules still point at the unmutated workspaces.
  ignorePatterns: ['**/data', '**/dist', '**/dist-server', 'screenshots', 'reports', 'ui', 'tests', 'deploy'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  concurrency: 2,
  timeoutMS: 10_000,
  // The sandbox needs no tsconfig rewritten (tsx and Vitest read the sources), and Stryker's rewriter
  // calls an API TypeScript 7 no longer has: name a file that does not exist so it is skipped.
  tsconfigFile: 'tsconfig.stryker-none.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
