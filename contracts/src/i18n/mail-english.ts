/**
 * Mail and text messages in English (the merchant's name is a parameter): a server's texts only (the
 * browser never sends mail), joined to the instance under `mail` (mail-texts.ts).
 */
export const mailForEnglish = {
  hello: 'Hello {{name}},',
  notifyCancelledSubject: 'Your bid on {{title}} was cancelled',
  notifyCancelledBody: 'The auction house cancelled your bid on {{title}}. The reason given: {{reason}}',
  notifyCancelledLink: 'The current bid is now {{amount}}: {{link}}',
  notifyLeadingSubject: 'You now lead on {{title}}',
  notifyLeadingBody:
    'A bid on {{title}} was cancelled by the auction house, and your maximum now leads at {{amount}}.',
  notifyOutbidSubject: 'You have been outbid on {{title}}',
  notifyOutbidBody: 'Another bidder took the lead on {{title}}. The current bid is {{amount}}.',
  notifyOutbidLink: 'Bid again before it closes: {{link}}',
  notifyOutbidSms: '{{shop}}: you have been outbid on {{title}}; the current bid is {{amount}}. {{link}}',
  notifyClosingSubject: '{{title}} closes soon',
  notifyClosingBody:
    '{{title}} closes at {{when}} UTC, in about {{minutes}} minutes. The current bid is {{amount}}.',
  notifyClosingLink: 'See the lot: {{link}}',
  notifyWonSubject: 'You won {{title}}',
  notifyWonBody: 'Congratulations: you won {{title}} at {{amount}}.',
  notifyStop: 'To stop these e-mails, open {{link}}',
  notifyChoices: 'All your notification choices: {{link}}',
  newsletterConfirmSubject: 'Confirm your subscription to the {{shop}} newsletter',
  newsletterConfirmBody:
    'Someone, we hope you, asked for the {{shop}} newsletter at this address. Open this link within {{days}} days to confirm it: {{link}}',
  newsletterConfirmIgnore:
    'If it was not you, ignore this e-mail: without the confirmation we send you nothing.',
  newsletterUnsubscribe: 'To take this address off our newsletter list, open {{link}}',
  logAnchorSubject: 'Log anchor at position {{position}}',
  logAnchorBody:
    'The head of the event log was signed at {{signedAt}}: position {{position}}, log hash {{logHash}}. Keep this message and its attachment: `npm run verify -- --anchors anchors.json --public-key audit-signing-key.pub.pem` checks the log against it.',
  logAnchorKey: 'The public key that verifies the signature:',
  bidLimitApprovedSubject: 'Your bid limit is now {{amount}}',
  bidLimitApprovedBody: 'We raised your bid limit to {{amount}}: you can bid up to it from now on.',
  bidLimitRefusedSubject: 'Your bid limit request',
  bidLimitRefusedBody:
    'We could not raise your bid limit to {{amount}} for now. The reason given: {{reason}}. Reply to this e-mail or call us to talk it over.',
  appointmentBookedSubject: 'Your pickup appointment: {{when}}',
  appointmentRescheduledSubject: 'Your pickup appointment moved: {{when}}',
  appointmentCancelledSubject: 'Your pickup appointment is cancelled',
  appointmentBooked: 'Your pickup of invoice {{invoice}} is booked for {{when}} ({{zone}} time).',
  appointmentRescheduled: 'Your pickup of invoice {{invoice}} is moved to {{when}} ({{zone}} time).',
  appointmentCancelled: 'Your pickup of invoice {{invoice}} on {{when}} ({{zone}} time) is cancelled.',
  appointmentWhere: 'Where: {{place}}. Questions: {{phone}}.',
  appointmentCalendar: 'Open the attached calendar file to add it to your calendar.',
  appointmentChange: 'To change or cancel it, open your invoice: {{link}}',
  verifySubject: 'Verify your e-mail',
  verifyCode: 'Your verification code is {{code}}. It expires in {{minutes}} minutes.',
  verifyLink: 'Or open this link to verify your e-mail: {{link}}',
  verifyLinkOnly: 'Open this link to verify your e-mail: {{link}}',
  registerTakenSubject: 'Someone tried to register with your e-mail',
  registerTakenBody: 'Someone tried to create a {{shop}} account with this e-mail, which already has one.',
  registerTakenIfYou: 'If it was you, sign in at {{login}}, or choose a new password at {{forgot}}.',
  registerTakenIfNot: 'If it was not, you can ignore this e-mail: nothing changed.',
  phoneCode: '{{shop}}: your verification code is {{code}}. It expires in {{minutes}} minutes.',
  phoneLoginCode:
    '{{shop}}: your sign-in code is {{code}}. It expires in {{minutes}} minutes. If you did not ask for it, ignore this message.',
  resetSubject: 'Reset your password',
  resetBody: 'Open this link within {{hours}} hour to choose a new password: {{link}}',
  resetIgnore: 'If you did not ask for it, ignore this e-mail.',
  invoiceSubject: 'Invoice {{invoice}}',
  invoiceIssuedBody: 'Your invoice {{invoice}} for {{total}} is ready: {{items}}. It is due by {{due}}.',
  invoicePayAt: 'See and pay it at {{link}}',
  paymentSubject: 'Payment received for invoice {{invoice}}',
  paymentBody: 'We received {{amount}} for invoice {{invoice}}; {{due}} remains to pay.',
  paymentPaidBody: 'We received {{amount}} for invoice {{invoice}}: it is paid in full. Thank you.',
  invoiceLink: 'Your invoice: {{link}}',
  inviteSubject: 'You are invited to {{shop}}',
  inviteBody:
    'You are invited to bid and buy at {{shop}}. Open this link within {{days}} days to create your account: {{link}}',
  textMessageSubject: 'Text message',
  returnAcceptedSubject: 'Your return is accepted',
  returnAcceptedBody: 'We accepted your return of {{qty}} × {{title}} (invoice {{invoice}}).',
  returnRefundCard:
    '{{amount}} is refunded to the card you paid with; your bank may take a few days to show it.',
  returnRefundWallet: '{{amount}} is credited to your wallet, ready for your next purchase.',
  returnRefusedSubject: 'Your return was not accepted',
  returnRefusedBody: 'We could not accept your return of {{qty}} × {{title}} (invoice {{invoice}}).',
  returnNote: 'Note from our team: {{note}}',
  returnLink: 'Your returns: {{link}}',
  shippingTrackedSubject: 'Your order has shipped: invoice {{invoice}}',
  shippingTrackedBody:
    'Your wine of invoice {{invoice}} is on its way with {{carrier}}, tracking number {{tracking}}.',
} as const;

/** The English mail texts' type (the UI's typed resources name them too). */
export type MailEnglish = typeof mailForEnglish;

/** The shape every language's mail texts have: the same keys, any text. */
export type MailTexts = { readonly [K in keyof typeof mailForEnglish]: string };
