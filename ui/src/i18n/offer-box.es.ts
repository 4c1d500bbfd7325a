import type { offerBoxForEnglish } from './offer-box.en.ts';

type Texts = { readonly [K in keyof typeof offerBoxForEnglish]: string };

/** Issue 36: «Hacer una oferta» en la página del lote y su diálogo, en español. */
export const offerBoxForSpanish: Texts = {
  makeOffer: 'Hacer una oferta',
  loginToOffer: 'Inicia sesión para hacer una oferta',
  hint: 'Ofrece tu propio precio por botella: el vendedor la acepta, la rechaza o contraoferta.',
  dialogTitle: 'Hacer una oferta por {{title}}',
  asking: 'Precio pedido: {{price}} por botella',
  noAsking: 'Este lote no tiene precio pedido: ofrece lo que vale para ti.',
  available: 'Botellas disponibles: {{n}}',
  price: 'Tu precio por botella',
  priceHint: 'En dólares, como 85 o 85.50',
  quantity: 'Botellas',
  total: 'Tu oferta en total: {{total}}',
  noCharge: 'No se cobra nada hasta que tu oferta sea aceptada.',
  expires: 'La oferta vence a las 48 horas si no recibe respuesta.',
  send: 'Enviar oferta',
  seeOffers: 'Ver mis ofertas',
  close: 'Cerrar',
  privateSale: 'Venta privada',
  privateSaleLine: 'Ofrecido en privado a compradores invitados',
};
