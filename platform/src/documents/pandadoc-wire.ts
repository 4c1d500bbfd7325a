import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '../same-secret.ts';
import {
  type DocumentEvent,
  DocumentServiceError,
  type DocumentStatus,
  DocumentWebhookSignatureError,
} from './port.ts';

/**
 * PandaDoc's document statuses (developers.pandadoc.com "Document Status": the `document.*` list) in
 * the port's words. The approval workflow's statuses are not yet with the recipients (a draft: once
 * approved it is sent again), its rejection is a refusal; a Stripe payment pending after signing is
 * still with the recipients (viewed), paid is completed; `document.cancelled` (named by the webhook
 * reference) is voided. A status not listed here is unknown: never guessed.
 */
const statusesOfPandaDoc: Record<string, DocumentStatus> = {
  'document.uploaded': 'uploaded',
  'document.draft': 'draft',
  'document.sent': 'sent',
  'document.viewed': 'viewed',
  'document.completed': 'completed',
  'document.declined': 'declined',
  'document.voided': 'voided',
  'document.error': 'error',
  'document.waiting_approval': 'draft',
  'document.approved': 'draft',
  'document.rejected': 'declined',
  'document.waiting_pay': 'viewed',
  'document.paid': 'completed',
  'document.external_review': 'viewed',
  'document.cancelled': 'voided',
};

/** A PandaDoc status in the port's words, or undefined for one PandaDoc has added since. */
export const statusOfPandaDoc = (status: unknown): DocumentStatus | undefined =>
  typeof status === 'string' ? statusesOfPandaDoc[status] : undefined;

/**
 * PandaDoc's webhook signature (developers.pandadoc.com "How to Verify Webhook Authenticity"): the
 * HMAC-SHA256 of the raw request body keyed with the subscription's shared key, hex, sent as the
 * `signature` query parameter of the POST to the endpoint.
 */
export const pandaDocSignature = (sharedKey: string, rawBody: Buffer | string) =>
  createHmac('sha256', sharedKey).update(rawBody).digest('hex');

/** One notification of a webhook's array: its event type and the document as it is now. */
const notification = z.object({
  event: z.string(),
  data: z
    .object({
      id: z.string().min(1),
      status: z.string().optional(),
      date_modified: z.string().nullish(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    })
    .loose(),
});
const webhookBody = z.array(z.unknown());

const stringsOf = (metadata: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(
    Object.entries(metadata ?? {})
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

/**
 * A webhook's raw body and `signature` query parameter read as the port's events: the signature is
 * checked against the raw bytes before anything is parsed; then each `document_state_changed`
 * notification with a status the port knows is an event, the others left out (PandaDoc sends its
 * notifications in an array, several at once at times). The event id derives from what changed (the
 * document, its new status and when it was modified), so the same change delivered again has the
 * same id and a document that comes back to a status later has another.
 */
export function readPandaDocEvents(
  service: string,
  sharedKey: string | undefined,
  rawBody: Buffer | string,
  signature: string,
): DocumentEvent[] {
  if (!sharedKey) throw new DocumentWebhookSignatureError(`${service}: no webhook shared key is configured`);
  if (!signature) throw new DocumentWebhookSignatureError(`${service}: the webhook has no signature`);
  if (!sameSecret(signature.trim().toLowerCase(), pandaDocSignature(sharedKey, rawBody))) {
    throw new DocumentWebhookSignatureError(`${service}: the webhook signature does not match its body`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new DocumentServiceError(service, 'invalid', 'the webhook body is not JSON');
  }
  const items = webhookBody.safeParse(parsed);
  if (!items.success) throw new DocumentServiceError(service, 'invalid', 'the webhook body is not an array');
  const events: DocumentEvent[] = [];
  for (const item of items.data) {
    const read = notification.safeParse(item);
    if (!read.success || read.data.event !== 'document_state_changed') continue;
    const { id, status, date_modified: modified, metadata } = read.data.data;
    const ours = statusOfPandaDoc(status);
    if (!ours) continue;
    events.push({
      eventId: `${id}:${status}:${modified ?? ''}`,
      documentId: id,
      status: ours,
      metadata: stringsOf(metadata),
    });
  }
  return events;
}
