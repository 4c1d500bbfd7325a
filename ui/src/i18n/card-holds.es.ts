import type { cardHoldsForEnglish } from './card-holds.en.ts';

/** seeds 001 "Payments" payment/authorize, en español: el total retenido en una tarjeta antes de pagar. */
export const cardHoldsForSpanish: { readonly [K in keyof typeof cardHoldsForEnglish]: string } = {
  hold: 'Retener el total en esta tarjeta',
  holdHint: 'No se cobra nada ahora: pagar estas facturas con esta tarjeta en 7 días toma la retención.',
  held: '{{amount}} retenido hasta el {{date}}',
  heldOnCard: '{{amount}} retenido en esta tarjeta hasta el {{date}}: pagar con ella toma la retención.',
  release: 'Devolver la retención',
  releaseOf: 'Devolver la retención: {{amount}} en {{card}}',
};
