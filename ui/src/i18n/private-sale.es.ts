import type { privateSaleForEnglish } from './private-sale.en.ts';

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** Issue 36 §4, §5: las respuestas a ofertas del editor de lotes, las ventas privadas y la segunda oportunidad. */
export const privateSaleForSpanish: Strings<typeof privateSaleForEnglish> = {
  pageTitle: 'Invitación a una venta privada',
  title: 'Estás invitado a una venta privada',
  intro:
    'Un lote se ofrece en privado a compradores invitados. Ábrelo con este enlace, una sola vez: luego queda en tu cuenta.',
  signInFirst:
    'Inicia sesión, o crea tu cuenta, para abrir la venta privada. Guarda este enlace: te trae de vuelta aquí.',
  signIn: 'Iniciar sesión',
  register: 'Crear una cuenta',
  open: 'Abrir la venta privada',
  noToken: 'Este enlace está incompleto: vuelve a abrir el enlace de tu correo.',
  tryAgain: 'Intentar de nuevo',
  loadingAccount: 'Cargando tu cuenta',
  offers: 'Ofertas',
  offersHint:
    'Responde a las ofertas al instante: una oferta igual o superior al precio de aceptación automática se acepta, una inferior al precio de rechazo automático se rechaza; las demás esperan tu respuesta. Deja un precio vacío para responder tú a esas ofertas. Los compradores nunca ven estos precios.',
  autoAccept: 'Aceptar automáticamente desde (por botella)',
  autoDecline: 'Rechazar automáticamente por debajo de (por botella)',
  privateSale: 'Venta privada',
  privateSaleHint:
    'Solo los compradores que invites ven y compran este lote, por oferta o a su precio. No se puede cambiar una vez publicado el lote.',
  noAuction: 'Una venta privada se vende a precio fijo y por ofertas, nunca en subasta.',
  badge: 'Venta privada',
  listBadge: 'Privado',
  offersCard: 'Ofertas',
  offersOnLot: 'Ofertas por este lote',
  secondChance: 'Segunda oportunidad',
  secondChanceHint:
    'La subasta cerró sin venderse: ofrece el lote a su mejor postor, cuya puja quedó por debajo de la reserva.',
  secondChanceTitle: 'Segunda oportunidad para {{title}}',
  secondChanceIntro:
    'Al mejor postor se le ofrecen todas las botellas que quedan a este precio; la oferta vence en 48 horas si no se responde.',
  reserveIs: 'La reserva: {{price}}',
  noReserve: 'Este lote no tiene reserva: indica un precio.',
  price: 'Precio',
  priceHint: 'En dólares; déjalo vacío para ofrecer el lote a su reserva.',
  sendSecondChance: 'Ofrecer al mejor postor',
  secondChanceSent: 'Oferta de segunda oportunidad enviada al mejor postor',
  guestsTitle: 'Venta privada',
  guestsIntro: 'Solo estos compradores ven este lote y pueden comprarlo.',
  guestsLoading: 'Cargando los invitados',
  noGuests: 'Todavía no hay nadie invitado.',
  guestsTable: 'Invitados a la venta privada',
  since: 'desde {{at}}',
  joinedBy: { invite: 'Invitado', link: 'Abrió un enlace' },
  linksSent: 'Enlaces enviados a direcciones sin cuenta: {{n}}',
  inviteTitle: 'Invitar compradores',
  emails: 'Direcciones de correo electrónico',
  emailsHint:
    'Una por línea, o separadas por comas. Un comprador con cuenta ve el lote al instante; a cualquier otra dirección se le envía un enlace que funciona una vez.',
  notEmails: 'No son direcciones de correo electrónico: {{list}}',
  invite: 'Invitar',
  invited: 'Compradores invitados: {{invited}}. Enlaces enviados: {{links}}.',
} as const;
