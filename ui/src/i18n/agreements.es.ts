import type { agreementsForEnglish } from './agreements.en.ts';

type Texts = { [K in keyof typeof agreementsForEnglish]: string };

/** Issue 35 §4: los acuerdos de consignación, en español. */
export const agreementsForSpanish: Texts = {
  title: 'Acuerdos',
  intro: 'La casa te envía aquí su acuerdo de consignación para que lo leas y lo firmes.',
  empty: 'No se te ha enviado ningún acuerdo.',
  requested: 'Enviado el {{date}}',
  sign: 'Revisar y firmar',
  status_uploaded: 'En preparación',
  status_draft: 'En preparación',
  status_sent: 'Pendiente de tu firma',
  status_viewed: 'Abierto, sin firmar',
  status_completed: 'Firmado',
  status_declined: 'Rechazado',
  status_voided: 'Cancelado',
  status_error: 'No se pudo preparar',
  history: 'Historial',
  staffTitle: 'Acuerdos de consignación',
  staffIntro:
    'El acuerdo de consignación de la casa, hecho con los datos de este vendedor y enviado para su firma.',
  staffWaiting: 'Pendiente de la firma del vendedor',
  staffEmpty: 'Aún no se ha enviado ninguno.',
  send: 'Enviar el acuerdo de consignación',
  signTitle: 'Firmar el acuerdo',
  signExplain:
    'Esta es la página de firma de prueba del sandbox de documentos: firmar aquí registra la firma como lo haría la página de firma de PandaDoc.',
  signButton: 'Firmar',
  signedNext: 'Volver a tus acuerdos',
};
