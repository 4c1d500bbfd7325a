import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineProject({
  root,
  plugins: [react()],
  resolve: {
    alias: { 'node:crypto': fileURLToPath(new URL('./src/shims/node-crypto.ts', import.meta.url)) },
  },
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.unit.spec.tsx', 'src/**/*.unit.spec.ts'],
    setupFiles: ['./src/test-utils/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
