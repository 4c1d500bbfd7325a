import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [
    // The router plugin must run before the React plugin (it generates src/routeTree.gen.ts and splits routes).
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry chunk holds React, Mantine, TanStack Router and Query, i18next and the shared zod
    // schemas (about 540 kB, 170 kB gzipped); the routes are split off by the router plugin.
    chunkSizeWarningLimit: 650,
    // Modules run in source order across chunks, as in the browser's own ESM: main.tsx sets zod to
    // jitless before any schema is made (src/zod-jitless.ts), which the CSP needs.
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
});
