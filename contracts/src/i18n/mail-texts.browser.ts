import type { mailTexts as serverMailTexts } from './mail-texts.ts';

/** In a browser build there are no mail texts (see mail-texts.ts). */
export const mailTexts: typeof serverMailTexts | undefined = undefined;
