import type { clientRulesForEnglish } from './client-rules.en.ts';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Issue 38 §6: el campo de mes y el listado de compras, en español. */
export const clientRulesForSpanish: Texts<typeof clientRulesForEnglish> = {
  month: 'Mes',
  monthHint: 'Un mes entero (AAAA-MM) fija ambos días',
  purchases: {
    title: 'Mis compras',
    empty: 'Todavía no ha comprado nada aquí.',
    loading: 'Cargando sus compras',
  },
};
