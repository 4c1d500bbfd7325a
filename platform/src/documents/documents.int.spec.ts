import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { documentsContract } from './documents.contract.ts';
import { openDocuments } from './index.ts';
import { createPandaDocDocuments, type PandaDocOptions } from './pandadoc.ts';
import { type PandaDocDouble, type PandaDocDoubleOptions, startPandaDocDouble } from './pandadoc-double.ts';
import { DocumentServiceError, type NewDocument } from './port.ts';
import { createSandboxDocuments } from './sandbox.ts';

const API_KEY = 'double0api0key0000000000000000000000000';
const WEBHOOK_KEY = 'double-webhook-shared-key';
const CONSIGNMENT = 'ConsignmentTpl0000000001';
/** Polls in milliseconds, not seconds: the double makes its draft after status reads, not time. */
const quickPolling = { initialMs: 5, maxMs: 40 };

const startDouble = (options: Partial<PandaDocDoubleOptions> = {}) =>
  startPandaDocDouble({ apiKey: API_KEY, webhookKey: WEBHOOK_KEY, ...options });
const pandaDocAt = (double: PandaDocDouble, options: Partial<PandaDocOptions> = {}) =>
  createPandaDocDocuments({
    apiKey: API_KEY,
    apiUrl: double.url,
    webhookKey: WEBHOOK_KEY,
    timeoutMs: 5_000,
    polling: quickPolling,
    ...options,
  });

documentsContract('the sandbox', async () => {
  const sandbox = createSandboxDocuments();
  return {
    documents: sandbox,
    consignmentTemplateId: 'sbx-tpl-consignment',
    webhookKey: sandbox.webhookKey,
    sign: (documentId, email) => sandbox.sign(documentId, email),
    deliveries: () => sandbox.deliveries(),
    documentCount: () => sandbox.documents().length,
    close: async () => {},
  };
});

documentsContract('the PandaDoc adapter, against a local double of PandaDoc', async () => {
  // Two status reads answer uploaded before the draft: PandaDoc keeps a new document a few seconds.
  const double = await startDouble({ draftAfter: { reads: 2 } });
  return {
    documents: pandaDocAt(double),
    consignmentTemplateId: CONSIGNMENT,
    webhookKey: WEBHOOK_KEY,
    sign: (documentId, email) => double.sign(documentId, email),
    deliveries: () => double.deliveries(),
    documentCount: () => double.documents().length,
    close: () => double.close(),
  };
});

const seller = { email: 'ann.seller@example.com', firstName: 'Ann', lastName: 'Seller', role: 'Seller' };
let n = 0;
const consignment = (overrides: Partial<NewDocument> = {}): NewDocument => ({
  templateId: CONSIGNMENT,
  name: 'Consignment agreement: Barolo 2016',
  recipients: [seller],
  tokens: { 'Lot.Title': 'Barolo 2016' },
  fields: { Bottles: '6' },
  metadata: { lot: 'lot-1' },
  idempotencyKey: `wire-${Date.now()}-${n++}`,
  ...overrides,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as DocumentServiceError,
  );

describe('the PandaDoc adapter, against a local double of PandaDoc', () => {
  let double: PandaDocDouble;
  beforeAll(async () => {
    double = await startDouble();
  });
  afterAll(() => double.close());

  it('looks for the key, then creates from the template in PandaDoc’s shapes with API-Key auth', async () => {
    double.requests.length = 0;
    const document = consignment();
    const made = await pandaDocAt(double).create(document);
    const [lookup, create, ...more] = double.requests;
    expect(more).toEqual([]);
    expect(lookup).toMatchObject({
      method: 'GET',
      path: '/public/v1/documents',
      query: { metadata_idempotency_key: document.idempotencyKey },
      authorization: `API-Key ${API_KEY}`,
    });
    expect(create).toEqual({
      method: 'POST',
      path: '/public/v1/documents',
      query: {},
      authorization: `API-Key ${API_KEY}`,
      body: {
        name: 'Consignment agreement: Barolo 2016',
        template_uuid: CONSIGNMENT,
        recipients: [{ email: seller.email, first_name: 'Ann', last_name: 'Seller', role: 'Seller' }],
        tokens: [{ name: 'Lot.Title', value: 'Barolo 2016' }],
        fields: { Bottles: { value: '6' } },
        metadata: { lot: 'lot-1', idempotency_key: document.idempotencyKey },
      },
    });
    expect(made).toEqual({ documentId: double.documents().at(-1)?.id, status: 'uploaded' });
  });

  it("polls the status with the project's backoff until the draft", async () => {
    const slow = await startDouble({ draftAfter: { reads: 3 } });
    const waits: number[] = [];
    const pandadoc = pandaDocAt(slow, {
      polling: { initialMs: 100, maxMs: 250, sleep: async (ms) => void waits.push(ms) },
    });
    const { documentId } = await pandadoc.create(consignment());
    expect(await pandadoc.waitForDraft(documentId, { timeoutMs: 10_000 })).toBe('draft');
    expect(waits).toEqual([100, 200, 250]);
    expect(slow.requests.filter((r) => r.method === 'GET' && r.path.endsWith(documentId))).toHaveLength(4);
    await slow.close();
  });

  it('says timeout, without waiting past it, when the document stays uploaded', async () => {
    const stuck = await startDouble({ draftAfter: { reads: 1_000 } });
    let now = 0;
    const waits: number[] = [];
    const pandadoc = pandaDocAt(stuck, {
      polling: {
        initialMs: 100,
        maxMs: 400,
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
      },
    });
    const { documentId } = await pandadoc.create(consignment());
    const late = await failureOf(pandadoc.waitForDraft(documentId, { timeoutMs: 1_000 }));
    expect(late).toMatchObject({ reason: 'timeout' });
    expect(waits).toEqual([100, 200, 400]);
    await stuck.close();
  });

  it('sees a document become a draft after a time, told by a webhook before any read', async () => {
    const timed = await startDouble({ draftAfter: { ms: 1_500 } });
    const received: string[] = [];
    timed.webhooks(async (payload) => {
      received.push(payload);
      return 200;
    });
    const pandadoc = pandaDocAt(timed);
    const { documentId } = await pandadoc.create(consignment());
    expect(await pandadoc.status(documentId)).toBe('uploaded');
    // Told without anyone asking: the double's clock made the draft.
    await eventually(
      () => received.length,
      (count) => count === 1,
      'the draft webhook',
    );
    expect(await pandadoc.status(documentId)).toBe('draft');
    await timed.close();
  });

  it('sends with its subject, message and silence, and opens a session at app.pandadoc.com/s/{id}', async () => {
    const pandadoc = pandaDocAt(double);
    const { documentId } = await pandadoc.create(consignment());
    await pandadoc.waitForDraft(documentId);
    await pandadoc.send(documentId, { subject: 'Your consignment', message: 'Please sign.', silent: true });
    expect(double.documents().find((d) => d.id === documentId)?.sent).toEqual({
      subject: 'Your consignment',
      message: 'Please sign.',
      silent: true,
    });
    double.requests.length = 0;
    const session = await pandadoc.sessionLink(documentId, seller.email, 600);
    expect(double.requests).toMatchObject([
      {
        method: 'POST',
        path: `/public/v1/documents/${documentId}/session`,
        body: { recipient: seller.email, lifetime: 600 },
      },
    ]);
    expect(session.url).toBe(`https://app.pandadoc.com/s/${session.sessionId}`);
  });

  it('takes a listed document as the key’s only when its details carry the key', async () => {
    // A PandaDoc that lists every document whatever the metadata filter says.
    const loose = await startDouble({ honourMetadataFilter: false, draftAfter: { reads: 0 } });
    const pandadoc = pandaDocAt(loose);
    const first = await pandadoc.create(consignment());
    const second = await pandadoc.create(consignment());
    expect(second.documentId).not.toBe(first.documentId);
    expect(loose.documents()).toHaveLength(2);
    await loose.close();
  });

  it('says failed for a document PandaDoc could not make, and makes another for the same key', async () => {
    const broken = await startDouble({
      draftAfter: { reads: 0 },
      templates: { BrokenTpl000000000000001: { name: 'Broken', roles: ['Seller'], fails: true } },
    });
    const pandadoc = pandaDocAt(broken);
    const document = consignment({ templateId: 'BrokenTpl000000000000001' });
    const { documentId } = await pandadoc.create(document);
    expect(await failureOf(pandadoc.waitForDraft(documentId))).toMatchObject({ reason: 'failed' });
    const again = await pandadoc.create(document);
    expect(again.documentId).not.toBe(documentId);
    expect(broken.documents().map((d) => d.status)).toEqual(['document.error', 'document.uploaded']);
    await broken.close();
  });

  it('refuses a wrong key as unauthorized, in PandaDoc’s words and without the key', async () => {
    const refused = await failureOf(pandaDocAt(double, { apiKey: 'wrong0key0000000' }).status('x'));
    expect(refused).toBeInstanceOf(DocumentServiceError);
    expect(refused).toMatchObject({ reason: 'unauthorized', httpStatus: 401 });
    expect(refused?.message).toContain('Incorrect authentication credentials.');
    expect(refused?.message).not.toContain('wrong0key');
  });

  it("posts its webhooks to a URL with PandaDoc's ?signature= and event id, which the adapter reads", async () => {
    const received: { url: string; eventId: string | undefined; body: string }[] = [];
    const endpoint = createServer(async (request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received.push({
        url: request.url ?? '',
        eventId: request.headers['x-pandadoc-webhook-event-id'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.end();
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    double.webhooks(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/documents/webhook`);
    const pandadoc = pandaDocAt(double);
    const { documentId } = await pandadoc.create(consignment());
    await pandadoc.waitForDraft(documentId);
    double.webhooks(null);
    endpoint.close();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const where = new URL(delivery?.url ?? '', 'http://x');
    expect(where.pathname).toBe('/api/documents/webhook');
    expect(delivery?.eventId).toEqual(expect.any(String));
    expect(pandadoc.readEvent(delivery?.body ?? '', where.searchParams.get('signature') ?? '')).toMatchObject(
      [{ documentId, status: 'draft', metadata: { lot: 'lot-1', document__created_via_public_api: 'true' } }],
    );
  });

  it('is unavailable when nothing answers, or nothing in time', async () => {
    const gone = await startDouble();
    await gone.close();
    expect(await failureOf(pandaDocAt(gone).status('x'))).toMatchObject({ reason: 'unavailable' });

    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const started = Date.now();
    const late = await failureOf(
      createPandaDocDocuments({
        apiKey: API_KEY,
        apiUrl: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
        timeoutMs: 200,
      }).status('x'),
    );
    hanging.closeAllConnections();
    hanging.close();
    expect(late).toMatchObject({ reason: 'unavailable' });
    expect(late?.message).toContain('did not answer in time');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is what openDocuments picks for DOCUMENTS_PROVIDER=pandadoc, at PANDADOC_API_URL', async () => {
    const documents = openDocuments({
      DOCUMENTS_PROVIDER: 'pandadoc',
      PANDADOC_API_URL: double.url,
      PANDADOC_API_KEY: API_KEY,
      PANDADOC_WEBHOOK_KEY: WEBHOOK_KEY,
      PANDADOC_CONSIGNMENT_TEMPLATE: 'ConsignmentTpl0000000001',
    });
    expect(documents.name).toBe('pandadoc');
    const { documentId } = await documents.create(consignment());
    expect(await documents.status(documentId)).toBe('uploaded');
  });
});
