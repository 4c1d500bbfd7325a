/**
 * The documents port (the "Documents": the old PandaDoc calls `createPandaDocForSV`,
 * `viewPandaDoc`, `getSessionId`): a consignment or sale document made from a template with the
 * lot's and the people's data, waited for until it is a draft (the service makes documents
 * asynchronously), sent, and signed by its recipients in an embedded session; the service's status
 * events are read from its signed webhooks. The product keeps the document's id and its statuses;
 * the service keeps the document.
 */

/**
 * A document's status in the port's words (PandaDoc's `document.*` statuses mapped to these):
 * `uploaded` while the service is still making it, `draft` once made (it can be sent), `sent` with
 * its recipients, `viewed` opened by one, `completed` signed by every signer, `declined` refused,
 * `voided` expired or cancelled, `error` failed to be made (terminal).
 */
export type DocumentStatus =
  | 'uploaded'
  | 'draft'
  | 'sent'
  | 'viewed'
  | 'completed'
  | 'declined'
  | 'voided'
  | 'error';

export const documentStatuses: readonly DocumentStatus[] = [
  'uploaded',
  'draft',
  'sent',
  'viewed',
  'completed',
  'declined',
  'voided',
  'error',
];

/** Someone the document goes to; `role` is the template's role they fill (its fields are theirs). */
export interface DocumentRecipient {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** A document to make from one of the service's templates. */
export interface NewDocument {
  /** The service's template (PandaDoc's template UUID). */
  templateId: string;
  /** The document's name as the service lists it. */
  name: string;
  recipients: DocumentRecipient[];
  /** The template's variables (PandaDoc's tokens), by name: the lot's and the people's data. */
  tokens?: Record<string, string> | undefined;
  /** Values pre-filled in the template's fields, by field name. */
  fields?: Record<string, string> | undefined;
  /** Kept by the service with the document and echoed in its events (our ids: lot, user). */
  metadata?: Record<string, string> | undefined;
  /**
   * Our id for the document: the same key again answers the document made the first time, never a
   * second one (a retried action, a second instance). Kept in the document's metadata.
   */
  idempotencyKey: string;
}

export interface CreatedDocument {
  documentId: string;
  status: DocumentStatus;
}

export interface DocumentSendOptions {
  /** The e-mail's subject and message to the recipients (unused when silent). */
  subject?: string | undefined;
  message?: string | undefined;
  /**
   * No e-mail to the recipients or the sender: the document is signed in the product's embedded
   * session (PandaDoc's `silent: true`).
   */
  silent?: boolean | undefined;
}

/** An embedded signing session: what the product's page opens for one recipient. */
export interface SigningSession {
  sessionId: string;
  /** The page to embed (PandaDoc: https://app.pandadoc.com/s/{sessionId}). */
  url: string;
  /** When the session stops working (ISO 8601), as the service said. */
  expiresAt: string | undefined;
}

/**
 * A status change read from the service's webhook. `eventId` is the same for the same change
 * delivered again (a retry), so the product applies it once; `metadata` is what the document was made
 * with (our ids).
 */
export interface DocumentEvent {
  eventId: string;
  documentId: string;
  status: DocumentStatus;
  metadata: Record<string, string>;
}

/**
 * Why the service refused or failed a call: `invalid` a request it would not take (an unknown
 * template or role, a session for someone who is not a recipient, a document not sent yet),
 * `conflict` a document not in the status the call needs (sending before it is a draft),
 * `not_found` no such document, `unauthorized` a key it refused, `throttled` too many calls,
 * `timeout` waiting for a draft took too long, `failed` the service could not make the document,
 * `unavailable` no answer (down, a timeout, a 5xx).
 */
export type DocumentFailure =
  | 'invalid'
  | 'conflict'
  | 'not_found'
  | 'unauthorized'
  | 'throttled'
  | 'timeout'
  | 'failed'
  | 'unavailable';

/** The service refused or failed: why, in the port's words, and its own message (never a key). */
export class DocumentServiceError extends Error {
  constructor(
    readonly service: string,
    readonly reason: DocumentFailure,
    message: string,
    /** The service's HTTP status, when it answered. */
    readonly httpStatus?: number,
  ) {
    super(`${service} ${reason}: ${message}`);
    this.name = 'DocumentServiceError';
  }
}

/** A webhook whose signature does not match the shared key: never acted on. */
export class DocumentWebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentWebhookSignatureError';
  }
}

export interface DocumentService {
  /** 'sandbox' or 'pandadoc'. */
  readonly name: string;
  /**
   * Makes the document from its template (or answers the one made with the same idempotency key).
   * It is usually `uploaded` at first: wait for its draft before sending it.
   */
  create(document: NewDocument): Promise<CreatedDocument>;
  status(documentId: string): Promise<DocumentStatus>;
  /**
   * Asks the status until the document is no longer `uploaded`, waiting longer each time (the
   * project's backoff); answers that status (`draft`, or later if someone moved it on). Throws
   * DocumentServiceError `failed` when the service could not make it, `timeout` after `timeoutMs`.
   */
  waitForDraft(documentId: string, options?: { timeoutMs?: number | undefined }): Promise<DocumentStatus>;
  /**
   * Sends a draft to its recipients. Sending a document already sent answers its status (a retried
   * send); one not yet a draft is DocumentServiceError `conflict`.
   */
  send(documentId: string, options?: DocumentSendOptions): Promise<{ status: DocumentStatus }>;
  /**
   * An embedded signing session of a sent document for one of its recipients, valid
   * `lifetimeSeconds` (an hour by default). Anyone holding the URL acts as that recipient: the
   * product checks who asks before opening one.
   */
  sessionLink(documentId: string, recipientEmail: string, lifetimeSeconds?: number): Promise<SigningSession>;
  /** The document as a PDF. */
  download(documentId: string): Promise<Uint8Array>;
  /**
   * A webhook's raw body and signature read as status changes (PandaDoc sends an array of
   * notifications; those that are not a document's status change are left out). Throws
   * DocumentWebhookSignatureError when the signature does not match the shared key.
   */
  readEvent(rawBody: Buffer | string, signature: string): DocumentEvent[];
}
