import { defineConfig } from 'vitest/config';

// The unit specs of the code `npm run mutate` changes (stryker.config.mjs): pure, no server.
export default defineConfig({
  test: {
    include: ['command-service/src/**/*.unit.spec.ts', 'contracts/src/**/*.unit.spec.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // Pure specs share one module graph per runner: the initial run 22 s → 6 s, each mutant ~30% faster.
    isolate: false,
  },
});
