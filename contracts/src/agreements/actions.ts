import { z } from 'zod';
import { action, NoData } from '../action.ts';
import { textsOf } from '../i18n/index.ts';

/** The agreements' messages, in the request's language. */
export const agreementsMessages = textsOf('agreements');

const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

/** A consignment agreement's status, as the documents service says it (PandaDoc's, mapped). */
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
export type AgreementStatus = z.infer<typeof AgreementStatus>;

/** One agreement as its seller and the admins read it, with every status it went through. */
export const AgreementRecord = z.object({
  id: z.string(),
  seller_id: z.string(),
  seller_name: z.string(),
  name: z.string(),
  status: AgreementStatus,
  lot_ids: z.array(z.string()),
  requested_at: z.string(),
  requested_by: z.string(),
  history: z.array(z.object({ at: z.string(), status: AgreementStatus })),
});
export type AgreementRecord = z.infer<typeof AgreementRecord>;

export const CreateAgreementInput = z.strictObject({
  seller_id: Id,
  /** The seller's lots the agreement covers (none: the seller's terms alone). */
  lot_ids: z.array(Id).max(200).default([]),
});
export const AgreementIdInput = z.strictObject({ id: Id });
/** A seller's own agreements, or (admins) one seller's. */
export const AgreementListInput = z.strictObject({ seller_id: Id.optional() });

/**
 * Issue 35 §4 (seeds 001 §7 user/third_party/pandadoc): consignment agreements made by the documents
 * service (PandaDoc, or its sandbox) and signed by the seller in an embedded session.
 */
export const agreementActions = {
  /** An admin has the house's consignment agreement made for a seller, waited for and sent (its id). */
  createPandaDocForSV: action({
    path: '/api/user/third_party/pandadoc/createPandaDocForSV',
    side: 'command',
    auth: 'admin',
    input: CreateAgreementInput,
    output: z.object({ id: z.string(), status: AgreementStatus }),
  }),
  /** The seller's agreements (a seller: their own; an admin: one seller's), newest first. */
  viewPandaDoc: action({
    path: '/api/user/third_party/pandadoc/viewPandaDoc',
    side: 'query',
    auth: 'user',
    input: AgreementListInput,
    output: z.object({ records: z.array(AgreementRecord), totalRecords: z.number() }),
  }),
  /** The seller opens their agreement to sign: an embedded session for them alone. */
  getSessionId: action({
    path: '/api/user/third_party/pandadoc/getSessionId',
    side: 'command',
    auth: 'seller',
    input: AgreementIdInput,
    output: z.object({ session_id: z.string(), url: z.string(), expires_at: z.string().nullable() }),
  }),
  /** The sandbox's signing page: the signed-in recipient of the session signs (sandbox only). */
  sandboxSignDocument: action({
    path: '/api/sandbox/signDocument',
    side: 'command',
    auth: 'user',
    input: z.strictObject({
      session_id: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[\w-]+$/),
    }),
    output: NoData,
  }),
} as const;

/** Where the documents service posts its signed events (not an action: the service reads the status only). */
export const documentsWebhookPath = '/api/user/third_party/pandadoc/webhook';
