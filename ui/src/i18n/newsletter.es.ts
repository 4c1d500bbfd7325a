import type { newsletterLinksForEnglish } from './newsletter.en.ts';

/** Issue 34: las páginas de confirmación y de baja del boletín, en español. */
export const newsletterLinksForSpanish: { [K in keyof typeof newsletterLinksForEnglish]: string } = {
  confirmTitle: 'Suscripción al boletín',
  confirmedNext:
    'Las novedades y las fechas de las subastas te llegan por correo. Cada correo trae un enlace para darte de baja.',
  confirmInvalid:
    'Este enlace de confirmación no es válido o ha caducado. Suscríbete de nuevo con el campo del boletín al pie de cualquier página.',
  leaveTitle: 'Darse de baja del boletín',
  leaveQuestion: '¿Quitar esta dirección de la lista de nuestro boletín?',
  leaveExplain:
    'No enviamos más boletines a esta dirección. Puedes suscribirte de nuevo cuando quieras al pie de cualquier página.',
  leave: 'Darme de baja',
  left: 'Esta dirección ya no está en la lista de nuestro boletín.',
  leaveInvalid:
    'Este enlace para darse de baja no es válido. Usa el enlace del final del correo del boletín.',
};
