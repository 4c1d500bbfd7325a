import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pandaDocSignature, readPandaDocEvents, statusOfPandaDoc } from './pandadoc-wire.ts';
import { DocumentServiceError, DocumentWebhookSignatureError } from './port.ts';
import { waitUntilMade } from './wait.ts';

const KEY = 'shared-key';
const signed = (body: unknown) => {
  const payload = JSON.stringify(body);
  return { payload, signature: createHmac('sha256', KEY).update(payload).digest('hex') };
};

describe("PandaDoc's wire format", () => {
  it("maps PandaDoc's document statuses to the port's, and knows no others", () => {
    expect(
      [
        'document.uploaded',
        'document.draft',
        'document.sent',
        'document.viewed',
        'document.completed',
        'document.declined',
        'document.voided',
        'document.error',
        'document.waiting_approval',
        'document.approved',
        'document.rejected',
        'document.waiting_pay',
        'document.paid',
        'document.external_review',
        'document.cancelled',
      ].map(statusOfPandaDoc),
    ).toEqual([
      'uploaded',
      'draft',
      'sent',
      'viewed',
      'completed',
      'declined',
      'voided',
      'error',
      'draft',
      'draft',
      'declined',
      'viewed',
      'completed',
      'viewed',
      'voided',
    ]);
    expect(statusOfPandaDoc('document.archived')).toBeUndefined();
    expect(statusOfPandaDoc(undefined)).toBeUndefined();
  });

  it('signs as PandaDoc documents it: HMAC-SHA256 of the raw body with the shared key, hex', () => {
    // Computed apart: printf '[]' | openssl dgst -sha256 -hmac shared-key
    expect(pandaDocSignature(KEY, '[]')).toBe(
      'c24ad1bdf89caf4c37b8d900bda761311895bb6c8386892d696a94bd55e3d0d6',
    );
    expect(pandaDocSignature(KEY, Buffer.from('[]'))).toBe(pandaDocSignature(KEY, '[]'));
  });

  it('reads document_state_changed notifications only, several in one delivery', () => {
    const { payload, signature } = signed([
      { event: 'document_state_changed', data: { id: 'a', status: 'document.sent', date_modified: 't1' } },
      { event: 'document_deleted', data: { id: 'a' } },
      {
        event: 'document_state_changed',
        data: {
          id: 'b',
          status: 'document.completed',
          date_modified: 't2',
          metadata: { lot: 7, none: null },
        },
      },
      { event: 'document_state_changed', data: { status: 'document.completed' } },
    ]);
    expect(readPandaDocEvents('pandadoc', KEY, payload, signature)).toEqual([
      { eventId: 'a:document.sent:t1', documentId: 'a', status: 'sent', metadata: {} },
      { eventId: 'b:document.completed:t2', documentId: 'b', status: 'completed', metadata: { lot: '7' } },
    ]);
  });

  it('checks the signature before reading anything, and refuses without a key', () => {
    const { payload, signature } = signed([]);
    expect(() => readPandaDocEvents('pandadoc', undefined, payload, signature)).toThrow(
      DocumentWebhookSignatureError,
    );
    expect(() => readPandaDocEvents('pandadoc', KEY, 'not json', signature)).toThrow(
      DocumentWebhookSignatureError,
    );
    const notJson = { payload: 'not json', signature: pandaDocSignature(KEY, 'not json') };
    expect(() => readPandaDocEvents('pandadoc', KEY, notJson.payload, notJson.signature)).toThrow(
      DocumentServiceError,
    );
    const object = signed({ event: 'document_state_changed' });
    expect(() => readPandaDocEvents('pandadoc', KEY, object.payload, object.signature)).toThrow(
      /not an array/,
    );
  });
});

describe('waiting for a draft', () => {
  it('reads until made, waiting the backoff between reads', async () => {
    const answers = ['uploaded', 'uploaded', 'uploaded', 'draft'] as const;
    let read = 0;
    const waits: number[] = [];
    const status = await waitUntilMade(
      'test',
      'doc',
      async () => answers[read++] ?? 'draft',
      { initialMs: 100, maxMs: 300, now: () => 0, sleep: async (ms) => void waits.push(ms) },
      10_000,
    );
    expect([status, waits]).toEqual(['draft', [100, 200, 300]]);
  });

  it('fails at once on a document the service could not make', async () => {
    const failed = await waitUntilMade(
      'test',
      'doc',
      async () => 'error',
      { initialMs: 1, maxMs: 1, now: () => 0, sleep: async () => {} },
      1_000,
    ).catch((e: unknown) => e);
    expect(failed).toMatchObject({ reason: 'failed' });
  });
});
