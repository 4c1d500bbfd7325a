import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenDouble } from '../http/double-server.ts';

/** One request the double received, as PandaDoc would read it. */
export interface PandaDocDoubleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

/** A template the double's workspace holds: its name and the roles of its recipients. */
export interface PandaDocDoubleTemplate {
  name: string;
  roles: string[];
  /** Its documents are never made: `document.error` instead of the draft (document_creation_failed). */
  fails?: boolean;
}

/** A recipient of a document as PandaDoc's details answer it. */
export interface PandaDocDoubleRecipient {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  recipient_type: 'signer';
  has_completed: boolean;
}

/** A document the double keeps, in PandaDoc's words. */
export interface PandaDocDoubleDocument {
  id: string;
  name: string;
  status: string;
  template: { id: string; name: string };
  recipients: PandaDocDoubleRecipient[];
  tokens: { name: string; value: string }[];
  fields: Record<string, { value?: unknown; role?: string }>;
  metadata: Record<string, string>;
  date_created: string;
  date_modified: string;
  /** Status reads (GET /public/v1/documents/{id}) so far. */
  reads: number;
  /** What it was sent with (POST .../send). */
  sent: { subject?: string; message?: string; silent?: boolean } | null;
}

/** A webhook the double made: the body as signed and sent, its signature and PandaDoc's delivery id. */
export interface PandaDocDoubleDelivery {
  eventId: string;
  payload: string;
  signature: string;
}

/**
 * Where the double posts its webhooks: a URL (POSTed with `?signature=` appended, as PandaDoc does),
 * or a function given the body, its signature and the delivery id, answering the HTTP status.
 */
export type PandaDocWebhookEndpoint =
  | string
  | ((payload: string, signature: string, eventId: string) => Promise<number>);

export interface PandaDocDoubleOptions {
  /** The workspace's API key: `Authorization: API-Key <apiKey>`. */
  apiKey: string;
  /** The webhook subscription's shared key its deliveries are signed with. */
  webhookKey: string;
  /** The workspace's templates, by template UUID (one consignment template by default). */
  templates?: Record<string, PandaDocDoubleTemplate>;
  /**
   * When a new document stops being `document.uploaded`: after `reads` status reads answered it
   * (1 by default), or `ms` milliseconds after it was made, whichever comes first.
   */
  draftAfter?: { reads?: number; ms?: number };
  /**
   * False: List Documents answers every document whatever its `metadata_*` filters say, as PandaDoc
   * would were it to read its filter in another form than its guide gives (what the adapter's check
   * of a listed document's details is for). True by default.
   */
  honourMetadataFilter?: boolean;
}

export interface PandaDocDouble {
  /** The root to point the SDK at: http://127.0.0.1:<port> */
  url: string;
  apiKey: string;
  webhookKey: string;
  requests: PandaDocDoubleRequest[];
  /** Every document, oldest first (a copy): what a test counts. */
  documents(): PandaDocDoubleDocument[];
  /**
   * A recipient signs in their session (test control): the document is viewed, then completed once
   * every recipient has signed; each change is a signed document_state_changed webhook.
   */
  sign(documentId: string, email: string): Promise<void>;
  /** Where webhooks are posted; none until set (they are still made and kept). */
  webhooks(endpoint: PandaDocWebhookEndpoint | null): void;
  /** Every webhook made, oldest first. */
  deliveries(): PandaDocDoubleDelivery[];
  /** Posts one webhook (again) to the endpoint; the endpoint's HTTP status. */
  deliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}

/** The template the double's workspace has unless told otherwise. */
export const pandaDocDoubleTemplates: Record<string, PandaDocDoubleTemplate> = {
  ConsignmentTpl0000000001: { name: 'Consignment agreement', roles: ['Seller', 'House'] },
  SaleTpl00000000000000001: { name: 'Bill of sale', roles: ['Buyer', 'House'] },
};

type Json = Record<string, unknown>;

class PandaDocFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(JSON.stringify(body));
  }
}
/** PandaDoc's error bodies as its reference documents them: `{ type, detail }`. */
const requestError = (detail: unknown) => new PandaDocFailure(400, { type: 'request_error', detail });
const validationError = (detail: Record<string, string[]>) =>
  new PandaDocFailure(400, { type: 'validation_error', detail });
const notFound = () => new PandaDocFailure(404, { type: 'request_error', detail: 'Not found' });
/** A document still being made: PandaDoc's 409 names it with its status and a warning. */
const stillUploaded = (id: string) =>
  new PandaDocFailure(409, {
    id,
    status: 'document.uploaded',
    info_message:
      'Warning - Document status document.uploaded doesn’t mean that the document already exists - processing happens asynchronously. Please follow the documentation section https://developers.pandadoc.com/reference/new-document',
  });

/** PandaDoc's ids: 22 characters of letters and digits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const idOf = () => [...randomBytes(22)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmail = (value: unknown) => typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);

/** PandaDoc's numeric status filter (List Documents `status`). */
const statusCodes = [
  'document.draft',
  'document.sent',
  'document.completed',
  'document.uploaded',
  'document.error',
  'document.viewed',
  'document.waiting_approval',
  'document.approved',
  'document.rejected',
  'document.waiting_pay',
  'document.paid',
  'document.voided',
  'document.declined',
  'document.external_review',
];

/**
 * A test double of PandaDoc's public API (developers.pandadoc.com, OpenAPI 7.x) for the documents
 * port, on 127.0.0.1 at a random port, speaking its wire format: JSON bodies in snake_case,
 * `Authorization: API-Key <key>` on every call (else HTTP 401 `authentication_error`), errors as
 * `{ type, detail }` (404 `Not found`, 400 `request_error`/`validation_error`, 409 with the document's
 * `id`, `status` and `info_message` as the reference shows for a document still uploaded). Stateful as
 * a workspace is:
 * - `POST /public/v1/documents` makes a document from a template the workspace holds (`template_uuid`,
 *   `recipients` whose `role` is one of the template's, `tokens` as `[{ name, value }]`, `fields` as
 *   `{ name: { value } }`, `metadata`), answering 201 `document.uploaded`; an unknown template or role
 *   is 400. It becomes `document.draft` after `draftAfter` (status reads, or milliseconds).
 * - `GET /public/v1/documents` lists documents newest first, filtered by `metadata_{key}={value}`
 *   (the format the List Documents guide gives), `template_id`, `id`, `status` (PandaDoc's numbers),
 *   `q`; an empty parameter is 400, as PandaDoc warns.
 * - `GET /public/v1/documents/{id}` is the status; `.../details` the document with its recipients and
 *   metadata (409 while uploaded).
 * - `POST .../send` sends a draft (`subject`, `message`, `silent`), 409 otherwise.
 * - `POST .../session` (`recipient`, `lifetime` in seconds, 3600 by default) answers 201 `{ id,
 *   expires_at }` for a recipient of a sent document, 400 otherwise.
 * - `GET .../download` answers the PDF (409 while uploaded).
 * Every status change is a `document_state_changed` webhook: a JSON array signed with the shared key
 * (HMAC-SHA256 of the body, hex) posted to the endpoint with `?signature=` and an
 * `X-PandaDoc-Webhook-Event-Id` header. Only the specs start it.
 */
export async function startPandaDocDouble(options: PandaDocDoubleOptions): Promise<PandaDocDouble> {
  const { apiKey, webhookKey } = options;
  const templates = options.templates ?? pandaDocDoubleTemplates;
  const draftAfterReads = options.draftAfter?.reads ?? (options.draftAfter?.ms === undefined ? 1 : Infinity);
  const draftAfterMs = options.draftAfter?.ms;
  const requests: PandaDocDoubleRequest[] = [];
  const documents = new Map<string, PandaDocDoubleDocument>();
  const deliveries: PandaDocDoubleDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let endpoint: PandaDocWebhookEndpoint | null = null;
  let url = '';

  const iso = () => new Date().toISOString();

  async function deliver(eventId: string): Promise<number> {
    const delivery = deliveries.find((d) => d.eventId === eventId);
    if (!delivery) throw new Error(`no webhook ${eventId}`);
    if (!endpoint) return 0;
    if (typeof endpoint === 'function') return endpoint(delivery.payload, delivery.signature, eventId);
    const target = new URL(endpoint);
    target.searchParams.set('signature', delivery.signature);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pandadoc-webhook-event-id': eventId },
      body: delivery.payload,
    });
    return response.status;
  }

  /** The document as PandaDoc's webhooks and details show it. */
  const detailsOf = (document: PandaDocDoubleDocument) => ({
    id: document.id,
    name: document.name,
    status: document.status,
    date_created: document.date_created,
    date_modified: document.date_modified,
    expiration_date: null,
    version: '2',
    template: document.template,
    metadata: document.metadata,
    tokens: document.tokens,
    fields: Object.entries(document.fields).map(([name, field]) => ({ name, ...field })),
    recipients: document.recipients,
  });

  /** A status change: kept, signed with the shared key and posted (a failed post is kept for `deliver`). */
  async function moveTo(document: PandaDocDoubleDocument, status: string) {
    document.status = status;
    document.date_modified = iso();
    const payload = JSON.stringify([{ event: 'document_state_changed', data: detailsOf(document) }]);
    const signature = createHmac('sha256', webhookKey).update(payload).digest('hex');
    const eventId = crypto.randomUUID();
    deliveries.push({ eventId, payload, signature });
    await deliver(eventId).catch(() => 0);
  }

  /**
   * A new document becomes a draft once its time is up (its reads are counted where they happen).
   * `due`: its timer fired, which is the time being up (Node may fire a timer a millisecond before the
   * wall clock says so, and a draft missed then was never made).
   */
  async function settle(document: PandaDocDoubleDocument, due = false) {
    if (document.status !== 'document.uploaded') return;
    const made = Date.parse(document.date_created);
    if (
      due ||
      document.reads >= draftAfterReads ||
      (draftAfterMs !== undefined && Date.now() - made >= draftAfterMs)
    ) {
      await moveTo(document, templates[document.template.id]?.fails ? 'document.error' : 'document.draft');
    }
  }

  const documentOf = (id: string) => {
    const document = documents.get(id);
    if (!document) throw notFound();
    return document;
  };

  function createDocument(body: unknown) {
    if (!isObject(body)) throw requestError('JSON object expected.');
    const templateId = body.template_uuid;
    if (typeof templateId !== 'string' || !templateId) {
      throw validationError({ template_uuid: ['This field is required.'] });
    }
    const template = templates[templateId];
    if (!template)
      throw validationError({ template_uuid: [`Template with id ${templateId} does not exist.`] });
    if (!Array.isArray(body.recipients) || body.recipients.length === 0) {
      throw validationError({ recipients: ['This list may not be empty.'] });
    }
    const recipients = body.recipients.map((r: unknown): PandaDocDoubleRecipient => {
      if (!isObject(r) || !isEmail(r.email))
        throw validationError({ recipients: ['Enter a valid email address.'] });
      if (r.role !== undefined && !template.roles.includes(String(r.role))) {
        throw requestError(`Role ${String(r.role)} does not exist in the template.`);
      }
      return {
        id: idOf(),
        email: String(r.email),
        first_name: String(r.first_name ?? ''),
        last_name: String(r.last_name ?? ''),
        role: String(r.role ?? ''),
        recipient_type: 'signer',
        has_completed: false,
      };
    });
    const tokens = body.tokens ?? [];
    if (
      !Array.isArray(tokens) ||
      !tokens.every((t) => isObject(t) && typeof t.name === 'string' && typeof t.value === 'string')
    ) {
      throw validationError({ tokens: ['Expected a list of { name, value } items.'] });
    }
    const fields = body.fields ?? {};
    if (!isObject(fields) || !Object.values(fields).every((f) => isObject(f))) {
      throw validationError({ fields: ['Expected an object of { value } by field name.'] });
    }
    const metadata = body.metadata ?? {};
    if (!isObject(metadata)) throw validationError({ metadata: ['Expected an object.'] });
    const now = iso();
    const document: PandaDocDoubleDocument = {
      id: idOf(),
      name: typeof body.name === 'string' && body.name ? body.name : template.name,
      status: 'document.uploaded',
      template: { id: templateId, name: template.name },
      recipients,
      tokens: tokens as { name: string; value: string }[],
      fields: fields as PandaDocDoubleDocument['fields'],
      // PandaDoc adds its own key to what it was given.
      metadata: {
        ...Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, String(v)])),
        document__created_via_public_api: 'true',
      },
      date_created: now,
      date_modified: now,
      reads: 0,
      sent: null,
    };
    documents.set(document.id, document);
    if (draftAfterMs !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        settle(document, true).catch(() => undefined);
      }, draftAfterMs);
      timer.unref();
      timers.add(timer);
    }
    return {
      id: document.id,
      name: document.name,
      status: document.status,
      date_created: now,
      date_modified: now,
      expiration_date: null,
      version: null,
      uuid: document.id,
      links: [{ rel: 'status', href: `${url}/public/v1/documents/${document.id}`, type: 'GET' }],
      info_message:
        'You need to poll the Document Status method until the status will be changed to document.draft',
    };
  }

  function list(query: Record<string, string>) {
    const empty = Object.entries(query).find(([, value]) => value === '');
    if (empty) throw requestError({ [empty[0]]: ['This field may not be blank.'] });
    const count = query.count === undefined ? 50 : Number(query.count);
    const page = query.page === undefined ? 1 : Number(query.page);
    if (!Number.isInteger(count) || count < 1 || count > 100)
      throw requestError({ count: ['A valid integer is required.'] });
    if (!Number.isInteger(page) || page < 1) throw requestError({ page: ['A valid integer is required.'] });
    const status = query.status === undefined ? undefined : statusCodes[Number(query.status)];
    if (query.status !== undefined && !status)
      throw requestError({ status: ['value is not a valid choice.'] });
    const metadata = Object.entries(query)
      .filter(([key]) => key.startsWith('metadata_') && options.honourMetadataFilter !== false)
      .map(([key, value]) => [key.slice('metadata_'.length), value] as const);
    const found = [...documents.values()]
      .filter(
        (d) =>
          metadata.every(([key, value]) => d.metadata[key] === value) &&
          (query.template_id === undefined || d.template.id === query.template_id) &&
          (query.id === undefined || d.id === query.id) &&
          (status === undefined || d.status === status) &&
          (query.q === undefined || d.name.toLowerCase().includes(query.q.toLowerCase())),
      )
      .reverse()
      .slice((page - 1) * count, page * count);
    return {
      results: found.map((d) => ({
        id: d.id,
        name: d.name,
        status: d.status,
        date_created: d.date_created,
        date_modified: d.date_modified,
        expiration_date: null,
        version: d.status === 'document.uploaded' ? null : '2',
      })),
    };
  }

  async function send(document: PandaDocDoubleDocument, body: unknown) {
    await settle(document);
    if (document.status === 'document.uploaded') throw stillUploaded(document.id);
    if (document.status !== 'document.draft') {
      throw new PandaDocFailure(409, {
        id: document.id,
        status: document.status,
        info_message: `You can only send a document in the document.draft status, not ${document.status}.`,
      });
    }
    const given = isObject(body) ? body : {};
    if (given.silent !== undefined && typeof given.silent !== 'boolean') {
      throw validationError({ silent: ['Must be a valid boolean.'] });
    }
    document.sent = {
      ...(typeof given.subject === 'string' && { subject: given.subject }),
      ...(typeof given.message === 'string' && { message: given.message }),
      ...(typeof given.silent === 'boolean' && { silent: given.silent }),
    };
    await moveTo(document, 'document.sent');
    const { id, name, status, date_created, date_modified, recipients } = document;
    return {
      id,
      name,
      status,
      date_created,
      date_modified,
      expiration_date: null,
      version: '2',
      uuid: id,
      recipients: recipients.map((r) => ({ ...r, shared_link: `https://app.pandadoc.com/document/${id}` })),
    };
  }

  async function session(document: PandaDocDoubleDocument, body: unknown) {
    await settle(document);
    const given = isObject(body) ? body : {};
    if (typeof given.recipient !== 'string' || !given.recipient) {
      throw requestError({ recipient: ['This field is required.'] });
    }
    const lifetime = given.lifetime === undefined ? 3_600 : Number(given.lifetime);
    if (!Number.isFinite(lifetime) || lifetime <= 0) {
      throw requestError({ lifetime: ['A valid positive number is required.'] });
    }
    if (!['document.sent', 'document.viewed', 'document.completed'].includes(document.status)) {
      throw requestError(
        `Document in status ${document.status} can not be opened in a session: send it first.`,
      );
    }
    const email = given.recipient.toLowerCase();
    if (!document.recipients.some((r) => r.email.toLowerCase() === email)) {
      throw requestError(`Recipient ${given.recipient} is not a recipient of the document.`);
    }
    const id = idOf();
    const expiresAt = new Date(Date.now() + lifetime * 1_000).toISOString();
    return { id, expires_at: expiresAt };
  }

  async function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): Promise<{ status: number; json?: unknown; pdf?: Buffer }> {
    if (path === '/public/v1/documents') {
      if (method === 'POST') return { status: 201, json: createDocument(body) };
      if (method === 'GET') return { status: 200, json: list(query) };
    }
    const match = path.match(/^\/public\/v1\/documents\/([^/]+)(?:\/([a-z-]+))?\/?$/);
    if (match) {
      const document = documentOf(match[1] as string);
      const verb = match[2];
      if (method === 'GET' && verb === undefined) {
        // A status read: counted first, so the Nth read after `reads` answers the draft.
        await settle(document);
        document.reads++;
        const { id, name, status, date_created, date_modified } = document;
        return {
          status: 200,
          json: {
            id,
            name,
            status,
            date_created,
            date_modified,
            expiration_date: null,
            version: '2',
            uuid: id,
          },
        };
      }
      if (method === 'GET' && verb === 'details') {
        await settle(document);
        if (document.status === 'document.uploaded') throw stillUploaded(document.id);
        return { status: 200, json: detailsOf(document) };
      }
      if (method === 'POST' && verb === 'send') return { status: 200, json: await send(document, body) };
      if (method === 'POST' && verb === 'session')
        return { status: 201, json: await session(document, body) };
      if (method === 'GET' && verb === 'download') {
        await settle(document);
        if (document.status === 'document.uploaded') throw stillUploaded(document.id);
        const pdf = Buffer.from(
          `%PDF-1.4\n% PandaDoc double: ${document.name} (${document.status})\n%%EOF\n`,
          'latin1',
        );
        return { status: 200, pdf };
      }
    }
    throw notFound();
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const where = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const query = Object.fromEntries(where.searchParams);
    const authorization = request.headers.authorization;
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        requests.push({ method, path: where.pathname, query, authorization, body: raw });
        return json(400, { type: 'request_error', detail: 'JSON parse error.' });
      }
    }
    requests.push({ method, path: where.pathname, query, authorization, body });
    if (!authorization) {
      return json(401, {
        type: 'authentication_error',
        detail: 'Authentication credentials were not provided.',
      });
    }
    if (authorization !== `API-Key ${apiKey}`) {
      return json(401, { type: 'authentication_error', detail: 'Incorrect authentication credentials.' });
    }
    try {
      const answer = await route(method, where.pathname, query, body);
      if (answer.pdf) {
        response.writeHead(answer.status, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="document.pdf"',
        });
        return response.end(answer.pdf);
      }
      return json(answer.status, answer.json);
    } catch (error) {
      if (!(error instanceof PandaDocFailure)) throw error;
      return json(error.status, error.body);
    }
  }

  const server = await listenDouble(serve, (error) => ({ type: 'server_error', detail: String(error) }));
  url = server.url;

  return {
    url,
    apiKey,
    webhookKey,
    requests,
    documents: () =>
      [...documents.values()].map((d) => ({
        ...d,
        recipients: d.recipients.map((r) => ({ ...r })),
        metadata: { ...d.metadata },
      })),
    async sign(documentId, email) {
      const document = documentOf(documentId);
      await settle(document);
      if (document.status !== 'document.sent' && document.status !== 'document.viewed') {
        throw new Error(`PandaDoc double: ${documentId} is ${document.status}, not open for signing`);
      }
      const recipient = document.recipients.find((r) => r.email.toLowerCase() === email.toLowerCase());
      if (!recipient) throw new Error(`PandaDoc double: ${email} is not a recipient of ${documentId}`);
      if (document.status === 'document.sent') await moveTo(document, 'document.viewed');
      recipient.has_completed = true;
      if (document.recipients.every((r) => r.has_completed)) await moveTo(document, 'document.completed');
    },
    webhooks(to) {
      endpoint = to;
    },
    deliveries: () => deliveries.map((d) => ({ ...d })),
    deliver,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      return server.close();
    },
  };
}
