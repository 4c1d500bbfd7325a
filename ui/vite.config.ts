import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://localhost:3000';

/**
 * Writes a .br and a .gz beside every text file of the build (the embedded server sends them with
 * @fastify/static's preCompressed), so no asset goes over the wire uncompressed and no request pays
 * for compressing it (Lighthouse "Enable text compression").
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The browser's build only: the server build (entry-server.tsx) is read from disk by the server.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      for (const file of files.filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f))) {
        const path = join(outDir, file);
        const body = await readFile(path);
        if (body.length < 1024) continue;
        await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
        await writeFile(
          `${path}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The shared packages (contracts, event-schemas) declare schemas and texts, and no module of theirs
 * acts on import but the i18n instance's: a module none of whose exports the page uses is left out
 * of the bundle (as a package.json `sideEffects: false` would say), so the first load carries the
 * few helpers it calls, and the schemas travel with the forms that parse them (issue 11).
 */
function sharedPackagesArePure(): Plugin {
  const shared = /\/(contracts|event-schemas)\/src\/.*\.ts$/;
  const acting = /\/contracts\/src\/i18n\/index\.ts$/;
  return {
    name: 'shared-packages-are-pure',
    apply: 'build',
    transform: {
      filter: { id: shared },
      handler(_code, id) {
        return acting.test(id) ? null : { moduleSideEffects: false };
      },
    },
  };
}

/** A class of Mantine's stylesheet (its CSS modules' names, as `m_` and eight hex digits). */
const mantineClass = /\bm_[0-9a-f]{8}\b/g;

/**
 * Mantine's stylesheet holds the rules of every component it has (~230 kB of the 285 kB the page
 * blocks its first paint on); a selector naming only classes of components no chunk of the app uses is
 * left out, so the browser downloads and parses what the app can show (Lighthouse, issue 33). A class
 * counts as used when any chunk, first load or lazy, names it: a page or dialog loaded later finds its
 * rules there.
 */
function unusedMantineRulesDropped(): Plugin {
  return {
    name: 'unused-mantine-rules-dropped',
    enforce: 'post',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const name of file.code.match(mantineClass) ?? []) used.add(name);
      }
      const unused = (selector: string) => {
        const names = selector.match(mantineClass);
        return names?.every((name) => !used.has(name)) === true;
      };
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const root = postcss.parse(String(file.source));
        root.walkRules((rule) => {
          const kept = rule.selectors.filter((selector) => !unused(selector));
          if (kept.length === 0) rule.remove();
          else if (kept.length < rule.selectors.length) rule.selectors = kept;
        });
        root.walkAtRules((atRule) => {
          if (atRule.nodes?.length === 0) atRule.remove();
        });
        file.source = root.toString();
        // The name tells the content (a year's cache): a chunk that starts using a component keeps
        // Mantine's source as it was, but not this file.
        const hash = createHash('sha256').update(file.source).digest('base64url').slice(0, 8);
        const renamed = file.fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
        for (const other of Object.values(bundle)) {
          if (other.type === 'asset' && typeof other.source === 'string') {
            other.source = other.source.replaceAll(file.fileName, renamed);
          } else if (other.type === 'chunk') other.code = other.code.replaceAll(file.fileName, renamed);
        }
        delete bundle[file.fileName];
        this.emitFile({ type: 'asset', fileName: renamed, source: file.source });
      }
    },
  };
}

/** The modules of the lot cards (LotGrid) and the lists that keep them live. */
const lotCards =
  /\/ui\/src\/(components\/(LotGrid|LotCard|LotImage|AnchorLink)\/|lib\/(use-document-meta|format|lot|buy-now|live-lot)\.ts|state\/live-lots?\.ts)|@mantine\/core\/esm\/components\/(Card|Paper|Image)\/|@mantine\/hooks\/esm\/use-(debounced-callback|callback-ref)|create-safe-context|useSuspenseQuery/;

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [
    // The router plugin must run before the React plugin (it generates src/routeTree.gen.ts and splits routes).
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    sharedPackagesArePure(),
    unusedMantineRulesDropped(),
    precompress(),
  ],
  // The server build carries its libraries (React's production build among them: `define` reaches it).
  ssr: { noExternal: true },
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
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
    // `vite build --ssr` (entry-server.tsx, the server's first paint) serves no file of public/.
    copyPublicDir: !isSsrBuild,
    // One stylesheet for every page (the routes' own add 4.5 kB gzipped): a page painted on the server
    // is styled before its route's code has come.
    cssCodeSplit: false,
    emptyOutDir: true,
    // No preload map: Vite's list of every lazy chunk's files was 2.6 kB gzipped of the first load; a
    // route's chunk names its few shared files itself (the lot cards are one, below).
    modulePreload: false,
    // The entry chunk holds React, Mantine's core, TanStack Router and Query, i18next, the storefront's
    // English texts and zod (the routes check their URL with it): about 630 kB, 195 kB gzipped. The
    // routes are split off by the router plugin; the header's dropdowns and drawers, the dialogs, the
    // toasts and the other pages' texts load when needed (issue 11).
    chunkSizeWarningLimit: 750,
    // main.tsx sets zod to jitless before any schema is made (src/zod-jitless.ts), which the CSP
    // needs: the entry's modules are one chunk (below), run in import order, so no schema of a chunk
    // the entry imports can be made first. (Rolldown's strictExecutionOrder, which wraps every module
    // in a function to keep that order across chunks, cost 45 kB of the first load.)
    rolldownOptions: {
      output: {
        // What the entry imports statically is needed before the first paint anyway: one file instead
        // of dozens of small ones, each a round trip on a phone's network (Lighthouse, issue 11).
        // The lot cards and what they need, shared by the home, browse and lot pages: one file too
        // (a visitor's first page needs them all, and each small file would be a step of its own).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'lot-cards', test: lotCards },
          ],
        },
      },
    },
  },
}));
