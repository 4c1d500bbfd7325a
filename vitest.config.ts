import { defineConfig } from 'vitest/config';

// STYLE.md: the file name sets the level. unit = pure; int = a real store or server; e2e = the running product.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/src/**/*.unit.spec.ts', 'tests/**/*.unit.spec.ts', 'deploy/**/*.unit.spec.ts'],
          exclude: ['**/node_modules/**', 'ui/**'],
          environment: 'node',
        },
      },
      'ui/vitest.config.ts',
      {
        test: {
          name: 'int',
          include: ['**/src/**/*.int.spec.ts', 'tests/**/*.int.spec.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.spec.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
