/**
 * The documents port's contract: what every documents service does with a consignment made from its
 * template: made asynchronously (uploaded, then a draft), sent, opened in a session by its
 * recipients only, completed once every one has signed, each change a signed webhook the service
 * reads back (and refuses forged or altered); one document per idempotency key.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocumentService,
  DocumentServiceError,
  DocumentWebhookSignatureError,
  type NewDocument,
} from './port.ts';

/** A documents service under test, with the recipients' and the webhooks' side of it. */
export interface DocumentsUnderTest {
  documents: DocumentService;
  /** A template the service holds whose roles are Seller and House. */
  consignmentTemplateId: string;
  /** The shared key its webhooks are signed with. */
  webhookKey: string;
  /** A recipient signs in their session. */
  sign(documentId: string, email: string): Promise<void>;
  /** Every webhook the service made so far, oldest first: its raw body and signature. */
  deliveries(): { payload: string; signature: string }[];
  /** How many documents the service holds: what "made once" is counted with. */
  documentCount(): number;
  close(): Promise<void>;
}

const seller = { email: 'ann.seller@example.com', firstName: 'Ann', lastName: 'Seller', role: 'Seller' };
const house = { email: 'consignments@wine.example', firstName: 'Wine', lastName: 'House', role: 'House' };

export function documentsContract(title: string, open: () => Promise<DocumentsUnderTest>) {
  describe(`documents contract: ${title}`, () => {
    let under: DocumentsUnderTest;
    let n = 0;
    const consignment = (overrides: Partial<NewDocument> = {}): NewDocument => ({
      templateId: under.consignmentTemplateId,
      name: 'Consignment agreement: Barolo 2016 (6 bottles)',
      recipients: [seller, house],
      tokens: { 'Lot.Title': 'Barolo 2016', 'Lot.Reserve': '$800.00', 'Seller.Name': 'Ann Seller' },
      fields: { Bottles: '6' },
      metadata: { lot: `lot-${n}`, user: 'ann' },
      idempotencyKey: `consignment-${Date.now()}-${n++}`,
      ...overrides,
    });
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DocumentServiceError);
      return error as DocumentServiceError;
    };
    /** A consignment made, waited for and sent silently: ready to be signed. */
    const sent = async () => {
      const { documentId } = await under.documents.create(consignment());
      await under.documents.waitForDraft(documentId, { timeoutMs: 10_000 });
      await under.documents.send(documentId, { silent: true });
      return documentId;
    };
    const eventsOf = (documentId: string) =>
      under
        .deliveries()
        .flatMap((d) => under.documents.readEvent(d.payload, d.signature))
        .filter((e) => e.documentId === documentId);

    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under?.close();
    });

    it('makes a document from its template as uploaded, then waits until it is a draft', async () => {
      const made = await under.documents.create(consignment());
      expect(made).toEqual({ documentId: expect.any(String), status: 'uploaded' });
      expect(await under.documents.waitForDraft(made.documentId, { timeoutMs: 10_000 })).toBe('draft');
      expect(await under.documents.status(made.documentId)).toBe('draft');
    });

    it('sends the draft, opens a session per recipient and completes once both have signed', async () => {
      const { documentId } = await under.documents.create(consignment());
      await under.documents.waitForDraft(documentId, { timeoutMs: 10_000 });
      expect(await under.documents.send(documentId, { subject: 'Your consignment', silent: true })).toEqual({
        status: 'sent',
      });
      // A send retried after a lost answer changes nothing.
      expect(await under.documents.send(documentId, { silent: true })).toEqual({ status: 'sent' });
      const session = await under.documents.sessionLink(documentId, seller.email, 900);
      expect(session).toEqual({
        sessionId: expect.any(String),
        url: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(session.url).toContain(session.sessionId);
      expect(Date.parse(session.expiresAt as string)).toBeGreaterThan(Date.now() + 800_000);

      await under.sign(documentId, seller.email);
      expect(await under.documents.status(documentId)).toBe('viewed');
      await under.sign(documentId, house.email);
      expect(await under.documents.status(documentId)).toBe('completed');
      const pdf = await under.documents.download(documentId);
      expect(Buffer.from(pdf.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    });

    it("tells each status change in a signed webhook, with the document's metadata", async () => {
      const documentId = await sent();
      await under.sign(documentId, seller.email);
      await under.sign(documentId, house.email);
      const events = eventsOf(documentId);
      expect(events.map((e) => e.status)).toEqual(['draft', 'sent', 'viewed', 'completed']);
      expect(events[3]?.metadata).toMatchObject({ user: 'ann', idempotency_key: expect.any(String) });
      expect(new Set(events.map((e) => e.eventId)).size).toBe(4);
      // The same change delivered again has the same id: the product applies it once.
      const last = under.deliveries().at(-1) as { payload: string; signature: string };
      expect(under.documents.readEvent(last.payload, last.signature)).toEqual(
        under.documents.readEvent(Buffer.from(last.payload), last.signature),
      );
    });

    it('refuses a webhook whose signature is wrong, missing, or whose body was altered', async () => {
      const documentId = await sent();
      await under.sign(documentId, seller.email);
      await under.sign(documentId, house.email);
      const completed = under.deliveries().at(-1) as { payload: string; signature: string };
      expect(under.documents.readEvent(completed.payload, completed.signature)).toMatchObject([
        { documentId, status: 'completed' },
      ]);
      const forged = createHmac('sha256', 'not-the-shared-key').update(completed.payload).digest('hex');
      expect(() => under.documents.readEvent(completed.payload, forged)).toThrow(
        DocumentWebhookSignatureError,
      );
      expect(() => under.documents.readEvent(completed.payload, '')).toThrow(DocumentWebhookSignatureError);
      const tampered = completed.payload.replace('document.completed', 'document.declined');
      expect(tampered).not.toBe(completed.payload);
      expect(() => under.documents.readEvent(tampered, completed.signature)).toThrow(
        DocumentWebhookSignatureError,
      );
    });

    it("reads PandaDoc's webhook format signed with the shared key: HMAC-SHA256 of the raw body, hex", () => {
      const payload = JSON.stringify([
        { event: 'recipient_completed', data: { id: 'doc-1', status: 'document.viewed' } },
        {
          event: 'document_state_changed',
          data: {
            id: 'doc-1',
            status: 'document.completed',
            date_modified: '2026-03-02T10:00:00Z',
            metadata: {},
          },
        },
        { event: 'document_state_changed', data: { id: 'doc-1', status: 'document.some_new_status' } },
      ]);
      const signature = createHmac('sha256', under.webhookKey).update(payload).digest('hex');
      expect(under.documents.readEvent(payload, signature)).toEqual([
        {
          eventId: 'doc-1:document.completed:2026-03-02T10:00:00Z',
          documentId: 'doc-1',
          status: 'completed',
          metadata: {},
        },
      ]);
      expect(under.documents.readEvent(payload, signature.toUpperCase())).toHaveLength(1);
    });

    it('refuses an unknown template or role, sending before the draft, and a session for a stranger', async () => {
      const unknown = await refusal(
        under.documents.create(consignment({ templateId: 'NoSuchTemplate0000000' })),
      );
      expect(unknown.reason).toBe('invalid');
      expect(unknown.message).toMatch(/template/i);
      const role = await refusal(
        under.documents.create(consignment({ recipients: [{ ...seller, role: 'Auctioneer' }] })),
      );
      expect([role.reason, role.message]).toEqual(['invalid', expect.stringMatching(/Auctioneer/)]);

      const { documentId } = await under.documents.create(consignment());
      const early = await refusal(under.documents.send(documentId));
      expect(early.reason).toBe('conflict');
      const unsent = await refusal(under.documents.sessionLink(documentId, seller.email));
      expect(unsent.reason).toBe('invalid');

      await under.documents.waitForDraft(documentId, { timeoutMs: 10_000 });
      await under.documents.send(documentId, { silent: true });
      const stranger = await refusal(under.documents.sessionLink(documentId, 'mallory@example.com'));
      expect(stranger.reason).toBe('invalid');
      expect((await refusal(under.documents.status('NoSuchDocument00000000'))).reason).toBe('not_found');
    });

    it('makes one document for one idempotency key, asked twice at once, again later and once sent', async () => {
      const before = under.documentCount();
      const document = consignment();
      const [first, second] = await Promise.all([
        under.documents.create(document),
        under.documents.create(document),
      ]);
      expect(second.documentId).toBe(first.documentId);
      expect((await under.documents.create(document)).documentId).toBe(first.documentId);
      await under.documents.waitForDraft(first.documentId, { timeoutMs: 10_000 });
      await under.documents.send(first.documentId, { silent: true });
      expect(await under.documents.create(document)).toEqual({
        documentId: first.documentId,
        status: 'sent',
      });
      const other = await under.documents.create({
        ...document,
        idempotencyKey: `${document.idempotencyKey}-2`,
      });
      expect(other.documentId).not.toBe(first.documentId);
      expect(under.documentCount() - before).toBe(2);
    });
  });
}
