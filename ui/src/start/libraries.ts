/**
 * The first step of the app's start (main.tsx): React, TanStack Query, jotai and the texts' i18next
 * are run, then the browser gets the main thread back before the app's own modules (the router's
 * tree, the pages, Mantine) run. The entry is one file (vite.config.ts), run top to bottom: this
 * module's top-level await is where that file's run is cut in two tasks, so neither holds a phone's
 * main thread as long as the whole did (Lighthouse's total blocking time, issue 33).
 */
import '@tanstack/react-query';
import '@wine/contracts';
import 'jotai';
import 'react';
import 'react-dom/client';
import { yieldToMain } from '../lib/yield-to-main.ts';

await yieldToMain();
