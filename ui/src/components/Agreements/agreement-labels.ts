import type { AgreementStatus } from '@wine/contracts';

/** Each status's words for the seller, as literal keys (the i18n checks read them). */
export const agreementStatusLabel = {
  uploaded: 'ui.agreements.status_uploaded',
  draft: 'ui.agreements.status_draft',
  sent: 'ui.agreements.status_sent',
  viewed: 'ui.agreements.status_viewed',
  completed: 'ui.agreements.status_completed',
  declined: 'ui.agreements.status_declined',
  voided: 'ui.agreements.status_voided',
  error: 'ui.agreements.status_error',
} as const satisfies Record<AgreementStatus, string>;

export const agreementStatusColor: Record<AgreementStatus, string> = {
  uploaded: 'gray',
  draft: 'gray',
  sent: 'blue',
  viewed: 'blue',
  completed: 'green',
  declined: 'red',
  voided: 'gray',
  error: 'red',
};

/** Open for the seller's signature. */
export const isOpen = (status: AgreementStatus) => status === 'sent' || status === 'viewed';
