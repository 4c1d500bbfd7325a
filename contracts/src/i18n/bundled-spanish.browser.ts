import type { Texts } from './for-english.ts';

/** In a browser build the shared Spanish texts load on demand (see bundled-spanish.ts). */
export const bundledSpanish: Texts | undefined = undefined;
