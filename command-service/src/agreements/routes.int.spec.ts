import { actions, documentsWebhookPath } from '@wine/contracts';
import { agreementStream } from '@wine/event-schemas';
import {
  createPandaDocDocuments,
  createSandboxDocuments,
  type DocumentService,
  type SandboxDocuments,
} from '@wine/platform';
import { type PandaDocDouble, startPandaDocDouble } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { agreementDecider } from './agreement.ts';

/**
 * Issue 35 §4, done when "a PandaDoc document is created, sent and signed": an admin has the house's
 * consignment agreement made for a seller, the seller opens it in a signing session and signs, and the
 * service's signed events move it on the log, each once; on the sandbox and on the PandaDoc adapter
 * against a local double of PandaDoc's API (whose webhooks are posted to the product's endpoint).
 */
interface DocumentsUnderTest {
  title: string;
  documents: DocumentService;
  templateId: string;
  /** The seller signs in the service's session. */
  sign(documentId: string, email: string, sessionId: string): Promise<void>;
  double: PandaDocDouble | null;
  close(): Promise<void>;
}

const under: Record<'sandbox' | 'pandadoc', () => Promise<DocumentsUnderTest>> = {
  sandbox: async () => {
    const documents: SandboxDocuments = createSandboxDocuments();
    return {
      title: 'the sandbox',
      documents,
      templateId: 'sbx-tpl-consignment',
      sign: (_id, _email, sessionId) => documents.signSession(sessionId),
      double: null,
      close: async () => {},
    };
  },
  pandadoc: async () => {
    const double = await startPandaDocDouble({ apiKey: 'double-api-key', webhookKey: 'double-webhook-key' });
    return {
      title: 'the PandaDoc adapter, against a local double of PandaDoc',
      documents: createPandaDocDocuments({
        apiKey: double.apiKey,
        apiUrl: double.url,
        webhookKey: double.webhookKey,
        polling: { initialMs: 5, maxMs: 20 },
      }),
      templateId: 'ConsignmentTpl0000000001',
      sign: (documentId, email) => double.sign(documentId, email),
      double,
      close: () => double.close(),
    };
  },
};

describe.each(['sandbox', 'pandadoc'] as const)('consignment agreements, on %s', (kind) => {
  let service: TestCommandService;
  let it_: DocumentsUnderTest;
  beforeAll(async () => {
    it_ = await under[kind]();
    service = await openTestCommandService({ documents: it_.documents, agreementTemplateId: it_.templateId });
    it_.double?.webhooks(async (payload, signature) => {
      const answer = await service.app.inject({
        method: 'POST',
        url: `${documentsWebhookPath}?signature=${signature}`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      return answer.statusCode;
    });
  });
  afterAll(async () => {
    await service.close();
    await it_.close();
  });
  const statuses = async (id: string) =>
    (await service.service.streams.store.readStream(agreementStream(id))).map((e) =>
      e.type === 'AgreementStatusChanged' ? (e.data as { status: string }).status : e.type,
    );

  it('is made for a seller, sent, signed in their session, and every change is on the log once', async () => {
    const admin = await service.signUp(`admin@${kind}.agreements.example`, ['admin']);
    const sam = await service.signUp(`sam@${kind}.agreements.example`, ['seller']);
    const lot = await service.listLot({ sellerId: sam.id, title: '2010 Château Latour' });
    const made = await service.post<{ id: string; status: string }>(
      actions.createPandaDocForSV.path,
      { seller_id: sam.id, lot_ids: [lot.lotId] },
      { token: admin.token, commandId: `agree-${kind}-1` },
    );
    expect([made.status, made.body.data.responseData.status]).toEqual([200, 'sent']);
    const id = made.body.data.responseData.id;
    // The same request again finds the agreement it made: one document at the service.
    const again = await service.post<{ id: string }>(
      actions.createPandaDocForSV.path,
      { seller_id: sam.id, lot_ids: [lot.lotId] },
      { token: admin.token, commandId: `agree-${kind}-1` },
    );
    expect(again.body.data.responseData.id).toBe(id);
    if (it_.double) expect(it_.double.documents()).toHaveLength(1);

    const session = await service.post<{ session_id: string; url: string }>(
      actions.getSessionId.path,
      { id },
      { token: sam.token },
    );
    expect(session.status).toBe(200);
    expect(session.body.data.responseData.url).toMatch(
      kind === 'sandbox' ? /^\/sandbox\/sign\/[\w-]+$/ : /^https:\/\/app\.pandadoc\.com\/s\/[\w-]+$/,
    );
    const requested = await service.service.streams.load(agreementStream(id), agreementDecider);
    if (requested.status === 'none') throw new Error('no agreement');
    await it_.sign(
      requested.requested.providerDocumentId,
      sam.email,
      session.body.data.responseData.session_id,
    );
    expect((await service.service.streams.load(agreementStream(id), agreementDecider)).status).toBe(
      'completed',
    );
    const log = await statuses(id);
    expect(log[0]).toBe('AgreementRequested');
    expect(log.at(-1)).toBe('completed');
    // Every delivery again (a retry, late, out of order): nothing more is written.
    const before = log.length;
    for (const delivery of [...(it_.double?.deliveries() ?? [])].reverse()) {
      expect(await it_.double?.deliver(delivery.eventId)).toBe(200);
    }
    expect((await statuses(id)).length).toBe(before);
    // Signed, it is no longer open for a session.
    const closed = await service.post(actions.getSessionId.path, { id }, { token: sam.token });
    expect([closed.status, closed.body.data.code]).toEqual([409, 'AGREEMENT_NOT_OPEN']);
  });

  it('refuses the attacker: no admin, another seller, a buyer, a non-seller, a forged webhook', async () => {
    const admin = await service.signUp(`admin2@${kind}.agreements.example`, ['admin']);
    const sam = await service.signUp(`sam2@${kind}.agreements.example`, ['seller']);
    const tom = await service.signUp(`tom2@${kind}.agreements.example`, ['seller']);
    const bea = await service.signUp(`bea2@${kind}.agreements.example`);
    const asSeller = await service.post(
      actions.createPandaDocForSV.path,
      { seller_id: sam.id },
      { token: sam.token },
    );
    expect(asSeller.status).toBe(403);
    const forBuyer = await service.post(
      actions.createPandaDocForSV.path,
      { seller_id: bea.id },
      { token: admin.token },
    );
    expect([forBuyer.status, forBuyer.body.data.code]).toEqual([400, 'AGREEMENT_NOT_SELLER']);
    const otherLot = await service.listLot({ sellerId: tom.id });
    const notHisLot = await service.post(
      actions.createPandaDocForSV.path,
      { seller_id: sam.id, lot_ids: [otherLot.lotId] },
      { token: admin.token },
    );
    expect([notHisLot.status, notHisLot.body.data.code]).toEqual([404, 'LOT_NOT_FOUND']);
    const made = await service.post<{ id: string }>(
      actions.createPandaDocForSV.path,
      { seller_id: sam.id },
      { token: admin.token },
    );
    const id = made.body.data.responseData.id;
    const stolen = await service.post(actions.getSessionId.path, { id }, { token: tom.token });
    expect([stolen.status, stolen.body.data.code]).toEqual([404, 'AGREEMENT_NOT_FOUND']);
    expect((await service.post(actions.getSessionId.path, { id }, { token: bea.token })).status).toBe(403);
    if (kind === 'sandbox') {
      const session = await service.post<{ session_id: string }>(
        actions.getSessionId.path,
        { id },
        { token: sam.token },
      );
      const signedByTom = await service.post(
        actions.sandboxSignDocument.path,
        { session_id: session.body.data.responseData.session_id },
        { token: tom.token },
      );
      expect([signedByTom.status, signedByTom.body.data.code]).toEqual([404, 'AGREEMENT_NOT_FOUND']);
    }
    const before = await statuses(id);
    const forged = JSON.stringify([
      {
        event: 'document_state_changed',
        data: { id: 'x', status: 'document.completed', metadata: { agreement: id } },
      },
    ]);
    const post = (url: string) =>
      service.app.inject({
        method: 'POST',
        url,
        payload: forged,
        headers: { 'content-type': 'application/json' },
      });
    expect((await post(documentsWebhookPath)).statusCode).toBe(400);
    expect((await post(`${documentsWebhookPath}?signature=${'0'.repeat(64)}`)).statusCode).toBe(400);
    expect(await statuses(id)).toEqual(before);
  });
});
