import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.unit.spec.tsx', 'src/**/*.unit.spec.ts'],
    setupFiles: ['./src/test-utils/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // A form filled key by key with user-event and checked with axe takes seconds in jsdom on two
    // shared cores; the default 5 s leaves no margin for the longest of them.
    testTimeout: 15_000,
    // One module graph per worker (React, Mantine, the router and i18next imported once, not per
    // file): 84 s instead of 186. The setup file unmounts and clears what a file leaves behind.
    isolate: false,
    sequence: { groupOrder: 0 },
  },
});
