import type { bidSheetForEnglish } from './bid-sheet.en.ts';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Issue 37 §6: la hoja de pujas con límite, en español. */
export const bidSheetForSpanish: Texts<typeof bidSheetForEnglish> = {
  link: 'Hoja de pujas: puja por muchos lotes con un límite',
  pageTitle: 'Hoja de pujas',
  title: 'Tu hoja de pujas para {{auction}}',
  intro:
    'Deja un máximo en cada lote que quieras y un límite para toda la hoja: la casa puja por ti, lote a lote en el orden del catálogo, y nunca compromete más que tu límite contando la prima del comprador del {{premium}}%.',
  loading: 'Cargando tu hoja de pujas',
  back: 'Volver a la subasta',
  noLots: 'Ningún lote de esta subasta admite pujas ahora.',
  limit: 'Tu límite',
  limitHint: 'Lo máximo que quieres gastar con esta hoja, prima del comprador incluida',
  lot: 'Lote',
  wine: 'Vino',
  nextBid: 'Próxima puja',
  max: 'Tu máximo',
  maxLabel: 'Tu máximo para el lote {{number}}',
  group: 'Uno u otro',
  groupLabel: 'Grupo «uno u otro» del lote {{number}}',
  noGroup: 'Ninguno',
  groupOption: 'Grupo {{letter}}',
  groupHint: 'Lotes del mismo grupo: compras como mucho uno de ellos.',
  status: 'Estado',
  total: 'A todos tus máximos: {{total}} con la prima',
  totalCapped: 'Tu límite de {{limit}} acota lo que la casa compromete por ti.',
  save: 'Guardar la hoja de pujas',
  saved: 'Hoja de pujas guardada',
  cancel: 'Cancelar la hoja de pujas',
  cancelTitle: '¿Cancelar esta hoja de pujas?',
  cancelBody:
    'La casa no hará más pujas con ella. Las pujas ya hechas se mantienen hasta que cierren sus lotes.',
  cancelConfirm: 'Cancelar la hoja',
  locked: 'La casa ya empezó a pujar con esta hoja: ya no puede cambiarse, solo cancelarse.',
  cancelled: 'Esta hoja está cancelada: la casa no hace más pujas; las ya hechas se mantienen.',
  summary: {
    title: 'Tu límite',
    limit: 'Límite',
    committed: 'Comprometido (pujas hechas y lotes ganados, con la prima)',
    remaining: 'Lo que queda de tu límite',
    progress: 'Parte de tu límite comprometida',
  },
  statuses: {
    waiting: 'En espera',
    bidding: 'Pujando hasta {{cap}}',
    biddingPartly: 'Pujando hasta {{cap}} (tu límite no da para más)',
    won: 'Ganado por {{amount}} + {{premium}} de prima',
    lost: 'Perdido',
    skipped: 'Omitido: ganaste otro lote de su grupo',
    refused: 'No colocada: el lote rechazó la puja ({{code}})',
  },
  errors: {
    group: 'Grupo {{letter}}: {{message}}',
    fix: 'Revisa los campos marcados en rojo.',
  },
};
