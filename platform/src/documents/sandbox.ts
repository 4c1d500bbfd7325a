import { randomUUID } from 'node:crypto';
import { pandaDocSignature, readPandaDocEvents } from './pandadoc-wire.ts';
import {
  type CreatedDocument,
  type DocumentRecipient,
  type DocumentService,
  DocumentServiceError,
  type DocumentStatus,
  type NewDocument,
  type SigningSession,
} from './port.ts';
import { type DraftPolling, realSleep, waitUntilMade } from './wait.ts';

/** The sandbox's signing page (a page of the product's UI, as PandaDoc's embedded session would be). */
export const SANDBOX_SIGNING_PATH = '/sandbox/sign';

/** A template the sandbox knows: its name and the roles its recipients fill. */
export interface SandboxTemplate {
  name: string;
  roles: string[];
  /** Its documents are never made (`error` instead of the draft): a broken template, for tests. */
  fails?: boolean;
}

/** The sandbox's templates, as a PandaDoc workspace has its own: a consignment and a sale. */
export const sandboxTemplates: Record<string, SandboxTemplate> = {
  'sbx-tpl-consignment': { name: 'Consignment agreement', roles: ['Seller', 'House'] },
  'sbx-tpl-sale': { name: 'Bill of sale', roles: ['Buyer', 'House'] },
};

/** A document as the sandbox keeps it, as PandaDoc's dashboard lists it. */
export interface SandboxDocument {
  id: string;
  name: string;
  templateId: string;
  status: DocumentStatus;
  recipients: (DocumentRecipient & { completed: boolean })[];
  tokens: Record<string, string>;
  fields: Record<string, string>;
  metadata: Record<string, string>;
  /** Status reads so far (the sandbox makes the draft after `draftAfterReads` of them). */
  reads: number;
  modified: string;
}

/** One signed webhook the sandbox made, in PandaDoc's format: what the product's endpoint receives. */
export interface SandboxDelivery {
  payload: string;
  signature: string;
}

export interface SandboxDocumentsOptions {
  /**
   * Status reads that still answer `uploaded` before the document is a draft (1 by default: the
   * first read says uploaded, the next draft), as PandaDoc keeps a new document a few seconds.
   */
  draftAfterReads?: number;
  /** The key its webhooks are signed with, as PandaDoc's shared key. */
  webhookKey?: string;
  templates?: Record<string, SandboxTemplate>;
  /** How waitForDraft waits between reads: a short step by default (the draft comes after reads). */
  polling?: Partial<DraftPolling>;
  /** A document's modification time (ISO 8601); the system clock by default. */
  now?: () => Date;
}

/** The sandbox, with the recipients' side that its signing page and the specs call. */
export interface SandboxDocuments extends DocumentService {
  /** A recipient signs (a sent or viewed document): completed once every recipient has. */
  sign(documentId: string, email: string): Promise<void>;
  /** The recipient a session was opened for signs (the sandbox signing page's button). */
  signSession(sessionId: string): Promise<void>;
  /** The recipient a session is for, and the document, or null (the sandbox signing page). */
  session(sessionId: string): { documentId: string; email: string; name: string } | null;
  /** Where its webhooks go (the product's handler, given the body and its signature); none until set. */
  webhooks(endpoint: ((delivery: SandboxDelivery) => Promise<void> | void) | null): void;
  /** Every webhook made so far, oldest first (delivered or not). */
  deliveries(): SandboxDelivery[];
  /** Every document, oldest first: a copy. */
  documents(): SandboxDocument[];
  readonly webhookKey: string;
}

const SERVICE = 'sandbox';

/** A PDF of one page naming the document: enough for a viewer to open, nothing signed in it. */
function pdfOf(name: string, status: DocumentStatus) {
  const text = `${name} (${status})`.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** The port's statuses as PandaDoc names them in its webhooks. */
const pandaDocStatus = (status: DocumentStatus) => `document.${status}`;

/**
 * The embedded `sandbox` documents service, in memory, behaving as PandaDoc does: a document made
 * from one of its templates (an unknown one, or a role the template has not, is refused) is
 * `uploaded` and becomes a draft after `draftAfterReads` status reads; only a draft is sent; a
 * session is for a recipient of a sent document; a recipient signs on the sandbox signing page
 * (`SANDBOX_SIGNING_PATH`) and the document is completed once every recipient has. Each status
 * change is a signed webhook in PandaDoc's own format (document_state_changed), so the product reads
 * the sandbox's events as it reads PandaDoc's. The same idempotency key answers the same document.
 * Its documents live as long as the process.
 */
export function createSandboxDocuments(options: SandboxDocumentsOptions = {}): SandboxDocuments {
  const draftAfterReads = options.draftAfterReads ?? 1;
  const webhookKey = options.webhookKey ?? 'sandbox-documents-webhook-key';
  const templates = options.templates ?? sandboxTemplates;
  const now = options.now ?? (() => new Date());
  const polling: DraftPolling = {
    initialMs: 5,
    maxMs: 50,
    sleep: realSleep,
    now: () => Date.now(),
    ...options.polling,
  };
  const documents = new Map<string, SandboxDocument>();
  const byKey = new Map<string, string>();
  const sessions = new Map<string, { documentId: string; email: string; expiresAt: string }>();
  const deliveries: SandboxDelivery[] = [];
  let endpoint: ((delivery: SandboxDelivery) => Promise<void> | void) | null = null;

  const refuse = (reason: 'invalid' | 'conflict' | 'not_found', message: string): never => {
    throw new DocumentServiceError(SERVICE, reason, message);
  };
  const documentOf = (id: string) => documents.get(id) ?? refuse('not_found', 'Not found');

  /** A status change, signed and handed to the webhook endpoint (awaited: the sandbox is in process). */
  async function moveTo(document: SandboxDocument, status: DocumentStatus) {
    document.status = status;
    document.modified = now().toISOString();
    const payload = JSON.stringify([
      {
        event: 'document_state_changed',
        data: {
          id: document.id,
          name: document.name,
          status: pandaDocStatus(status),
          date_modified: document.modified,
          template: { id: document.templateId, name: templates[document.templateId]?.name ?? '' },
          metadata: document.metadata,
          recipients: document.recipients.map((r) => ({
            email: r.email,
            first_name: r.firstName,
            last_name: r.lastName,
            role: r.role,
            has_completed: r.completed,
          })),
        },
      },
    ]);
    const delivery = { payload, signature: pandaDocSignature(webhookKey, payload) };
    deliveries.push(delivery);
    if (endpoint) await endpoint(delivery);
  }

  function validate(document: NewDocument) {
    const template = templates[document.templateId];
    if (!template) refuse('invalid', `Template ${document.templateId} not found.`);
    if (document.recipients.length === 0) refuse('invalid', 'recipients: This list may not be empty.');
    for (const recipient of document.recipients) {
      if (!/^[^@\s]+@[^@\s]+$/.test(recipient.email)) {
        refuse('invalid', `recipients: ${recipient.email} is not a valid email address.`);
      }
      if (!template?.roles.includes(recipient.role)) {
        refuse(
          'invalid',
          `recipients: role ${recipient.role} is not a role of template ${document.templateId}.`,
        );
      }
    }
  }

  const service: SandboxDocuments = {
    name: SERVICE,
    webhookKey,
    async create(document): Promise<CreatedDocument> {
      const existing = byKey.get(document.idempotencyKey);
      // One that could not be made is passed over, as the PandaDoc adapter does: the key makes another.
      if (existing && documentOf(existing).status !== 'error') {
        return { documentId: existing, status: documentOf(existing).status };
      }
      validate(document);
      const id = `sbx_doc_${randomUUID().replaceAll('-', '')}`;
      documents.set(id, {
        id,
        name: document.name,
        templateId: document.templateId,
        status: 'uploaded',
        recipients: document.recipients.map((r) => ({ ...r, completed: false })),
        tokens: { ...document.tokens },
        fields: { ...document.fields },
        metadata: { ...document.metadata, idempotency_key: document.idempotencyKey },
        reads: 0,
        modified: now().toISOString(),
      });
      byKey.set(document.idempotencyKey, id);
      return { documentId: id, status: 'uploaded' };
    },
    async status(documentId) {
      const document = documentOf(documentId);
      if (document.status === 'uploaded' && document.reads >= draftAfterReads)
        await moveTo(document, templates[document.templateId]?.fails ? 'error' : 'draft');
      document.reads++;
      return document.status;
    },
    waitForDraft(documentId, { timeoutMs = 30_000 } = {}) {
      return waitUntilMade(SERVICE, documentId, () => service.status(documentId), polling, timeoutMs);
    },
    async send(documentId) {
      const document = documentOf(documentId);
      if (document.status === 'sent' || document.status === 'viewed' || document.status === 'completed') {
        return { status: document.status };
      }
      if (document.status !== 'draft') {
        refuse('conflict', `Document status ${pandaDocStatus(document.status)} does not allow sending it.`);
      }
      await moveTo(document, 'sent');
      return { status: document.status };
    },
    async sessionLink(documentId, recipientEmail, lifetimeSeconds = 3_600): Promise<SigningSession> {
      const document = documentOf(documentId);
      if (!['sent', 'viewed', 'completed'].includes(document.status)) {
        refuse('invalid', `Document ${documentId} must be sent before a session is created.`);
      }
      const email = recipientEmail.toLowerCase();
      if (!document.recipients.some((r) => r.email.toLowerCase() === email)) {
        refuse('invalid', `${recipientEmail} is not a recipient of document ${documentId}.`);
      }
      if (!(lifetimeSeconds > 0)) refuse('invalid', 'lifetime: Ensure this value is greater than 0.');
      const sessionId = `sbx_ses_${randomUUID().replaceAll('-', '')}`;
      const expiresAt = new Date(now().getTime() + lifetimeSeconds * 1_000).toISOString();
      sessions.set(sessionId, { documentId, email, expiresAt });
      return { sessionId, url: `${SANDBOX_SIGNING_PATH}/${sessionId}`, expiresAt };
    },
    async download(documentId) {
      const document = documentOf(documentId);
      if (document.status === 'uploaded') {
        refuse('conflict', `Document status ${pandaDocStatus(document.status)} does not allow download yet.`);
      }
      return pdfOf(document.name, document.status);
    },
    readEvent(rawBody, signature) {
      return readPandaDocEvents(SERVICE, webhookKey, rawBody, signature);
    },
    async sign(documentId, email) {
      const document = documentOf(documentId);
      if (document.status !== 'sent' && document.status !== 'viewed') {
        refuse('conflict', `Document status ${pandaDocStatus(document.status)} cannot be signed.`);
      }
      const recipient = document.recipients.find((r) => r.email.toLowerCase() === email.toLowerCase());
      if (!recipient) refuse('invalid', `${email} is not a recipient of document ${documentId}.`);
      if (document.status === 'sent') await moveTo(document, 'viewed');
      (recipient as SandboxDocument['recipients'][number]).completed = true;
      if (document.recipients.every((r) => r.completed)) await moveTo(document, 'completed');
    },
    async signSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.expiresAt < now().toISOString()) refuse('not_found', 'Session not found.');
      await service.sign(session?.documentId as string, session?.email as string);
    },
    session(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.expiresAt < now().toISOString()) return null;
      return {
        documentId: session.documentId,
        email: session.email,
        name: documents.get(session.documentId)?.name ?? '',
      };
    },
    webhooks(to) {
      endpoint = to;
    },
    deliveries: () => deliveries.map((d) => ({ ...d })),
    documents: () =>
      [...documents.values()].map((d) => ({ ...d, recipients: d.recipients.map((r) => ({ ...r })) })),
  };
  return service;
}
