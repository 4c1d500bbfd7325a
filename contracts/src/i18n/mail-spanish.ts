import type { MailTexts } from './mail-english.ts';

/** Mail and text messages in Spanish: the same keys as mail-english.ts. */
export const mailForSpanish: MailTexts = {
  hello: 'Hola {{name}}:',
  notifyCancelledSubject: 'Se canceló tu puja por {{title}}',
  notifyCancelledBody: 'La casa de subastas canceló tu puja por {{title}}. El motivo indicado: {{reason}}',
  notifyCancelledLink: 'La puja actual es ahora {{amount}}: {{link}}',
  notifyLeadingSubject: 'Ahora lideras en {{title}}',
  notifyLeadingBody:
    'La casa de subastas canceló una puja por {{title}} y tu máximo lidera ahora con {{amount}}.',
  notifyOutbidSubject: 'Han superado tu puja por {{title}}',
  notifyOutbidBody: 'Otro postor tomó la delantera en {{title}}. La puja actual es {{amount}}.',
  notifyOutbidLink: 'Vuelve a pujar antes del cierre: {{link}}',
  notifyOutbidSms: '{{shop}}: han superado tu puja por {{title}}; la puja actual es {{amount}}. {{link}}',
  notifyClosingSubject: '{{title}} cierra pronto',
  notifyClosingBody:
    '{{title}} cierra a las {{when}} UTC, en unos {{minutes}} minutos. La puja actual es {{amount}}.',
  notifyClosingLink: 'Ver el lote: {{link}}',
  notifyWonSubject: 'Ganaste {{title}}',
  notifyWonBody: 'Enhorabuena: ganaste {{title}} por {{amount}}.',
  notifyStop: 'Para dejar de recibir estos correos, abre {{link}}',
  notifyChoices: 'Todas tus preferencias de notificación: {{link}}',
  newsletterConfirmSubject: 'Confirma tu suscripción al boletín de {{shop}}',
  newsletterConfirmBody:
    'Alguien, esperamos que tú, pidió el boletín de {{shop}} para esta dirección. Abre este enlace en los próximos {{days}} días para confirmarlo: {{link}}',
  newsletterConfirmIgnore: 'Si no fuiste tú, ignora este correo: sin la confirmación no te enviamos nada.',
  newsletterUnsubscribe: 'Para quitar esta dirección de la lista de nuestro boletín, abre {{link}}',
  logAnchorSubject: 'Ancla del registro en la posición {{position}}',
  logAnchorBody:
    'La cabeza del registro de eventos se firmó el {{signedAt}}: posición {{position}}, hash del registro {{logHash}}. Guarde este mensaje y su adjunto: `npm run verify -- --anchors anchors.json --public-key audit-signing-key.pub.pem` comprueba el registro con él.',
  logAnchorKey: 'La clave pública que verifica la firma:',
  bidLimitApprovedSubject: 'Su límite de puja es ahora {{amount}}',
  bidLimitApprovedBody:
    'Hemos subido su límite de puja a {{amount}}: desde ahora puede pujar hasta esa cantidad.',
  bidLimitRefusedSubject: 'Su solicitud de límite de puja',
  bidLimitRefusedBody:
    'Por ahora no podemos subir su límite de puja a {{amount}}. El motivo: {{reason}}. Responda a este correo o llámenos para hablarlo.',
  appointmentBookedSubject: 'Su cita de recogida: {{when}}',
  appointmentRescheduledSubject: 'Su cita de recogida cambió: {{when}}',
  appointmentCancelledSubject: 'Su cita de recogida está cancelada',
  appointmentBooked:
    'La recogida de la factura {{invoice}} está reservada para el {{when}} (hora de {{zone}}).',
  appointmentRescheduled: 'La recogida de la factura {{invoice}} pasa al {{when}} (hora de {{zone}}).',
  appointmentCancelled:
    'La recogida de la factura {{invoice}} del {{when}} (hora de {{zone}}) está cancelada.',
  appointmentWhere: 'Dónde: {{place}}. Consultas: {{phone}}.',
  appointmentCalendar: 'Abra el archivo de calendario adjunto para añadirla a su calendario.',
  appointmentChange: 'Para cambiarla o cancelarla, abra su factura: {{link}}',
  verifySubject: 'Verifica tu correo',
  verifyCode: 'Tu código de verificación es {{code}}. Caduca en {{minutes}} minutos.',
  verifyLink: 'O abre este enlace para verificar tu correo: {{link}}',
  verifyLinkOnly: 'Abre este enlace para verificar tu correo: {{link}}',
  registerTakenSubject: 'Alguien intentó registrarse con tu correo',
  registerTakenBody: 'Alguien intentó crear una cuenta de {{shop}} con este correo, que ya tiene una.',
  registerTakenIfYou: 'Si fuiste tú, inicia sesión en {{login}} o elige una contraseña nueva en {{forgot}}.',
  registerTakenIfNot: 'Si no fuiste tú, puedes ignorar este correo: no ha cambiado nada.',
  phoneCode: '{{shop}}: tu código de verificación es {{code}}. Caduca en {{minutes}} minutos.',
  phoneLoginCode:
    '{{shop}}: tu código de acceso es {{code}}. Caduca en {{minutes}} minutos. Si no lo pediste, ignora este mensaje.',
  resetSubject: 'Restablece tu contraseña',
  resetBody: 'Abre este enlace antes de {{hours}} hora para elegir una contraseña nueva: {{link}}',
  resetIgnore: 'Si no lo pediste, ignora este correo.',
  invoiceSubject: 'Factura {{invoice}}',
  invoiceIssuedBody: 'Tu factura {{invoice}} por {{total}} está lista: {{items}}. Vence el {{due}}.',
  invoicePayAt: 'Consúltala y págala en {{link}}',
  paymentSubject: 'Pago recibido de la factura {{invoice}}',
  paymentBody: 'Recibimos {{amount}} para la factura {{invoice}}; quedan {{due}} por pagar.',
  paymentPaidBody: 'Recibimos {{amount}} para la factura {{invoice}}: está pagada por completo. Gracias.',
  invoiceLink: 'Tu factura: {{link}}',
  inviteSubject: 'Te invitamos a {{shop}}',
  inviteBody:
    'Te invitamos a pujar y comprar en {{shop}}. Abre este enlace antes de {{days}} días para crear tu cuenta: {{link}}',
  textMessageSubject: 'Mensaje de texto',
  returnAcceptedSubject: 'Tu devolución fue aceptada',
  returnAcceptedBody: 'Aceptamos tu devolución de {{qty}} × {{title}} (factura {{invoice}}).',
  returnRefundCard:
    'Reembolsamos {{amount}} a la tarjeta con la que pagaste; tu banco puede tardar unos días en mostrarlo.',
  returnRefundWallet: 'Abonamos {{amount}} a tu monedero, listo para tu próxima compra.',
  returnRefusedSubject: 'Tu devolución no fue aceptada',
  returnRefusedBody: 'No pudimos aceptar tu devolución de {{qty}} × {{title}} (factura {{invoice}}).',
  returnNote: 'Nota de nuestro equipo: {{note}}',
  returnLink: 'Tus devoluciones: {{link}}',
  shippingTrackedSubject: 'Tu pedido fue enviado: factura {{invoice}}',
  shippingTrackedBody:
    'Tu vino de la factura {{invoice}} va en camino con {{carrier}}, número de seguimiento {{tracking}}.',
};
