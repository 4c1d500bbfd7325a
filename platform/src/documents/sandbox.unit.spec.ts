import { describe, expect, it } from 'vitest';
import { DocumentServiceError } from './port.ts';
import { createSandboxDocuments, SANDBOX_SIGNING_PATH, type SandboxDelivery } from './sandbox.ts';

const seller = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Seller', role: 'Seller' };
const buyer = { email: 'bob@example.com', firstName: 'Bob', lastName: 'Buyer', role: 'Buyer' };
const house = { email: 'house@wine.example', firstName: 'Wine', lastName: 'House', role: 'House' };
const consignment = (idempotencyKey: string) => ({
  templateId: 'sbx-tpl-consignment',
  name: 'Consignment agreement',
  recipients: [seller, house],
  tokens: { 'Lot.Title': 'Barolo 2016' },
  metadata: { lot: 'lot-1' },
  idempotencyKey,
});
/** No real waits: the sandbox's draft comes after status reads. */
const noWaits = { sleep: async () => {} };

describe('the sandbox documents service', () => {
  it('answers uploaded for the configured number of status reads, then draft', async () => {
    const sandbox = createSandboxDocuments({ draftAfterReads: 3 });
    const { documentId, status } = await sandbox.create(consignment('k1'));
    expect(status).toBe('uploaded');
    const reads = [];
    for (let i = 0; i < 4; i++) reads.push(await sandbox.status(documentId));
    expect(reads).toEqual(['uploaded', 'uploaded', 'uploaded', 'draft']);
  });

  it('waits for the draft by polling, and times out by its clock when it never comes', async () => {
    const sandbox = createSandboxDocuments({ draftAfterReads: 2, polling: noWaits });
    const { documentId } = await sandbox.create(consignment('k2'));
    expect(await sandbox.waitForDraft(documentId)).toBe('draft');

    let now = 0;
    const stuck = createSandboxDocuments({
      draftAfterReads: Number.POSITIVE_INFINITY,
      polling: {
        initialMs: 10,
        maxMs: 40,
        now: () => now,
        sleep: async (ms) => {
          now += ms;
        },
      },
    });
    const made = await stuck.create(consignment('k3'));
    const late = await stuck.waitForDraft(made.documentId, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(DocumentServiceError);
    expect(late).toMatchObject({ service: 'sandbox', reason: 'timeout' });
    expect(now).toBe(70);
  });

  it('signs through a session on its own signing page, and completes once every recipient has', async () => {
    const sandbox = createSandboxDocuments({ draftAfterReads: 0, polling: noWaits });
    const received: SandboxDelivery[] = [];
    sandbox.webhooks((delivery) => void received.push(delivery));
    const { documentId } = await sandbox.create(consignment('k4'));
    await sandbox.waitForDraft(documentId);
    await sandbox.send(documentId, { silent: true });
    const session = await sandbox.sessionLink(documentId, 'ANN@example.com');
    expect(session.url).toBe(`${SANDBOX_SIGNING_PATH}/${session.sessionId}`);
    expect(sandbox.session(session.sessionId)).toEqual({
      documentId,
      email: 'ann@example.com',
      name: 'Consignment agreement',
    });
    expect(sandbox.session('no-such-session')).toBeNull();
    await sandbox.signSession(session.sessionId);
    expect(await sandbox.status(documentId)).toBe('viewed');
    await sandbox.sign(documentId, house.email);
    expect(await sandbox.status(documentId)).toBe('completed');
    expect(received.flatMap((d) => sandbox.readEvent(d.payload, d.signature)).map((e) => e.status)).toEqual([
      'draft',
      'sent',
      'viewed',
      'completed',
    ]);
    expect(sandbox.deliveries()).toEqual(received);
    // A completed document is signed no more.
    await expect(sandbox.sign(documentId, seller.email)).rejects.toMatchObject({ reason: 'conflict' });
  });

  it('refuses a role the template has not, and a session that ran out', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    const sandbox = createSandboxDocuments({ draftAfterReads: 0, polling: noWaits, now: () => now });
    await expect(sandbox.create({ ...consignment('k5'), recipients: [buyer] })).rejects.toMatchObject({
      reason: 'invalid',
      message: expect.stringMatching(/Buyer/),
    });
    await expect(sandbox.create({ ...consignment('k6'), recipients: [] })).rejects.toMatchObject({
      reason: 'invalid',
    });
    const { documentId } = await sandbox.create(consignment('k7'));
    await sandbox.waitForDraft(documentId);
    await sandbox.send(documentId);
    const session = await sandbox.sessionLink(documentId, seller.email, 60);
    now = new Date('2026-03-02T10:01:01Z');
    expect(sandbox.session(session.sessionId)).toBeNull();
    await expect(sandbox.signSession(session.sessionId)).rejects.toMatchObject({ reason: 'not_found' });
  });

  it('fails a document its template cannot make, and makes another for the same key', async () => {
    const sandbox = createSandboxDocuments({
      draftAfterReads: 0,
      polling: noWaits,
      templates: { broken: { name: 'Broken', roles: ['Seller'], fails: true } },
    });
    const document = { ...consignment('k10'), templateId: 'broken', recipients: [seller] };
    const { documentId } = await sandbox.create(document);
    await expect(sandbox.waitForDraft(documentId)).rejects.toMatchObject({ reason: 'failed' });
    const again = await sandbox.create(document);
    expect(again.documentId).not.toBe(documentId);
    expect(sandbox.documents().map((d) => d.status)).toEqual(['error', 'uploaded']);
  });

  it('downloads a PDF once the document is made, never while uploaded', async () => {
    const sandbox = createSandboxDocuments({ draftAfterReads: 1, polling: noWaits });
    const { documentId } = await sandbox.create(consignment('k8'));
    await expect(sandbox.download(documentId)).rejects.toMatchObject({ reason: 'conflict' });
    await sandbox.waitForDraft(documentId);
    const pdf = Buffer.from(await sandbox.download(documentId)).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf).toContain('Consignment agreement');
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('keeps our idempotency key in the metadata and lists copies of its documents', async () => {
    const sandbox = createSandboxDocuments();
    const { documentId } = await sandbox.create(consignment('k9'));
    const [listed] = sandbox.documents();
    expect(listed).toMatchObject({ id: documentId, metadata: { lot: 'lot-1', idempotency_key: 'k9' } });
    (listed as { status: string }).status = 'completed';
    expect(sandbox.documents()[0]?.status).toBe('uploaded');
  });
});
