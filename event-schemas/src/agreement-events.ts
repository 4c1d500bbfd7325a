import { z } from 'zod';
import { defineEvent } from './registry.ts';

/** A document's status as the documents port names it (PandaDoc's `document.*`, mapped). */
export const AgreementStatus = z.enum([
  'uploaded',
  'draft',
  'sent',
  'viewed',
  'completed',
  'declined',
  'voided',
  'error',
]);

/**
 * Issue 35 §4: an admin had the documents service (PandaDoc, or its sandbox) make a consignment
 * agreement for a seller from the house's template, with the seller's and the lots' data; on its own
 * `agreement-<id>` stream. The service keeps the document; the log keeps which one, for whom, and
 * every status it went through.
 */
export const AgreementRequested = defineEvent({
  type: 'AgreementRequested',
  version: 1,
  schema: z.object({
    agreementId: z.string().min(1).max(64),
    kind: z.enum(['consignment']),
    sellerId: z.string().min(1).max(64),
    /** The recipient who signs, as the service was told. */
    sellerEmail: z.email(),
    sellerName: z.string().max(200),
    lotIds: z.array(z.string().min(1).max(64)).max(200),
    /** Which service made it ('sandbox', 'pandadoc') and its id there. */
    provider: z.string().min(1).max(40),
    providerDocumentId: z.string().min(1).max(100),
    templateId: z.string().min(1).max(100),
    name: z.string().min(1).max(200),
  }),
});

/** The service made the draft and sent it to the seller, to sign in the product (no e-mail of its own). */
export const AgreementSent = defineEvent({
  type: 'AgreementSent',
  version: 1,
  schema: z.object({ agreementId: z.string().min(1).max(64) }),
});

/** The service said the document changed (its signed webhook); `eventId` is the service's, applied once. */
export const AgreementStatusChanged = defineEvent({
  type: 'AgreementStatusChanged',
  version: 1,
  schema: z.object({
    agreementId: z.string().min(1).max(64),
    status: AgreementStatus,
    eventId: z.string().min(1).max(300),
  }),
});

export type AgreementEvent =
  | { type: 'AgreementRequested'; data: z.infer<typeof AgreementRequested.schema> }
  | { type: 'AgreementSent'; data: z.infer<typeof AgreementSent.schema> }
  | { type: 'AgreementStatusChanged'; data: z.infer<typeof AgreementStatusChanged.schema> };
export const agreementEventDefinitions = [AgreementRequested, AgreementSent, AgreementStatusChanged] as const;
