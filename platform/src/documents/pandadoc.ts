import {
  ApiException,
  createConfiguration,
  DocumentsApi,
  type HttpLibrary,
  type RequestContext,
  ResponseContext,
  ServerConfiguration,
  wrapHttpLibrary,
} from 'pandadoc-node-client';
import { readPandaDocEvents, statusOfPandaDoc } from './pandadoc-wire.ts';
import {
  type CreatedDocument,
  type DocumentFailure,
  type DocumentService,
  DocumentServiceError,
  type DocumentStatus,
  type NewDocument,
} from './port.ts';
import { type DraftPolling, realSleep, waitUntilMade } from './wait.ts';

export interface PandaDocOptions {
  /** The workspace's API key (Developer Dashboard; a sandbox key for PandaDoc's test mode). */
  apiKey: string;
  /** PandaDoc's API root; a local double's in the specs. https://api.pandadoc.com by default. */
  apiUrl?: string | undefined;
  /** Where embedded sessions open: https://app.pandadoc.com by default (its EU region has its own). */
  appUrl?: string | undefined;
  /** The webhook subscription's shared key: events are read only with it. */
  webhookKey?: string | undefined;
  /** How long one call may take. */
  timeoutMs?: number | undefined;
  /** How waitForDraft polls: from 500 ms, doubling, up to 5 s between reads by default. */
  polling?: Partial<DraftPolling> | undefined;
}

export const PANDADOC_DEFAULT_API_URL = 'https://api.pandadoc.com';
export const PANDADOC_DEFAULT_APP_URL = 'https://app.pandadoc.com';

/**
 * The metadata key our idempotency key is kept under: PandaDoc has no idempotency keys, so a create
 * first lists the documents that carry it (`metadata_idempotency_key=…`).
 */
export const IDEMPOTENCY_METADATA_KEY = 'idempotency_key';

const SERVICE = 'pandadoc';

/**
 * The SDK's transport on Node's own fetch with a timeout per call: the SDK's default (node-fetch 2)
 * has none, so a PandaDoc that never answers would hold the product's request forever.
 */
function fetchWithTimeout(timeoutMs: number): HttpLibrary {
  return wrapHttpLibrary({
    async send(request: RequestContext) {
      const body = request.getBody();
      const response = await fetch(request.getUrl(), {
        method: request.getHttpMethod(),
        headers: request.getHeaders(),
        ...(body !== undefined && { body: body as string }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return new ResponseContext(response.status, headers, {
        text: () => response.text(),
        binary: async () => Buffer.from(await response.arrayBuffer()),
      });
    },
  });
}

/** PandaDoc's error body's words: `detail` (a sentence, or messages by field), or `info_message`. */
function messageOf(body: unknown, status: number): string {
  if (typeof body === 'string' && body) return body.slice(0, 300);
  if (typeof body !== 'object' || body === null) return `HTTP ${status}`;
  const { detail, info_message: info } = body as { detail?: unknown; info_message?: unknown };
  if (typeof detail === 'string') return detail;
  if (typeof detail === 'object' && detail !== null) {
    return Object.entries(detail)
      .map(([field, messages]) => `${field}: ${[messages].flat().join(' ')}`)
      .join('; ');
  }
  if (typeof info === 'string') return info;
  return `HTTP ${status}`;
}

const failureOf = (status: number): DocumentFailure =>
  status === 400
    ? 'invalid'
    : status === 401 || status === 403
      ? 'unauthorized'
      : status === 404
        ? 'not_found'
        : status === 409
          ? 'conflict'
          : status === 429
            ? 'throttled'
            : 'unavailable';

/**
 * PandaDoc's answers in the port's words: its HTTP status says why (400 invalid, 401/403
 * unauthorized, 404 not found, 409 conflict, 429 throttled, anything else unavailable) and its
 * message says what; no answer (a timeout, a refused connection) is unavailable. Never the key.
 */
function translate(error: unknown): never {
  if (error instanceof DocumentServiceError) throw error;
  if (error instanceof ApiException) {
    const status = Number(error.code);
    throw new DocumentServiceError(SERVICE, failureOf(status), messageOf(error.body, status), status);
  }
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  throw new DocumentServiceError(
    SERVICE,
    'unavailable',
    name === 'TimeoutError' ? 'PandaDoc did not answer in time' : String(message ?? 'no answer'),
  );
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    translate(error);
  }
}

const ourStatus = (status: unknown): DocumentStatus => {
  const ours = statusOfPandaDoc(status);
  if (!ours) throw new DocumentServiceError(SERVICE, 'failed', `unknown document status ${String(status)}`);
  return ours;
};

/**
 * The documents port on PandaDoc's public API through its official Node SDK (`pandadoc-node-client`,
 * pointed at `apiUrl` by its server configuration, `Authorization: API-Key <key>`):
 * 1. `POST /public/v1/documents` from the template (`template_uuid`, `recipients` with their roles,
 *    `tokens` as `[{ name, value }]`, `fields` as `{ name: { value } }`, `metadata` with our
 *    idempotency key); PandaDoc answers `document.uploaded` and makes it asynchronously. PandaDoc
 *    keeps no idempotency key: `GET /public/v1/documents?metadata_idempotency_key=…` first, and a
 *    document it lists is taken only once its details (`GET …/details`) show the same key (were the
 *    filter ever ignored, another document is never answered; one PandaDoc could not make,
 *    `document.error`, is passed over). Two creates with one key in this process make one document;
 *    across processes, two within the moment PandaDoc takes to list a new document could make two.
 * 2. `GET /public/v1/documents/{id}` is the status, polled with the project's backoff until draft.
 * 3. `POST …/send` (`subject`, `message`, `silent`); a 409 on a document already sent is its status.
 * 4. `POST …/session` (`recipient`, `lifetime`) answers the session id, opened at `{appUrl}/s/{id}`.
 * 5. `GET …/download` the PDF.
 * Webhooks are read with the shared key (pandadoc-wire.ts).
 */
export function createPandaDocDocuments(options: PandaDocOptions): DocumentService {
  const server = new ServerConfiguration<Record<string, string>>(
    (options.apiUrl ?? PANDADOC_DEFAULT_API_URL).replace(/\/+$/, ''),
    {},
  );
  const appUrl = (options.appUrl ?? PANDADOC_DEFAULT_APP_URL).replace(/\/+$/, '');
  const httpApi = fetchWithTimeout(options.timeoutMs ?? 20_000);
  const authMethods = { apiKey: `API-Key ${options.apiKey}` };
  const configuration = createConfiguration({ baseServer: server, httpApi, authMethods });
  const documents = new DocumentsApi(configuration);
  const polling: DraftPolling = {
    initialMs: 500,
    maxMs: 5_000,
    sleep: realSleep,
    now: () => Date.now(),
    ...options.polling,
  };
  const running = new Map<string, Promise<CreatedDocument>>();

  /**
   * The SDK sends its `metadata` filter as `metadata=metadata_k%3Dv`; PandaDoc's guide filters with
   * the parameter itself, `metadata_k=v`. A configuration for one call adds it to the URL.
   */
  const withQuery = (query: Record<string, string>) =>
    createConfiguration({
      baseServer: {
        makeRequestContext(endpoint, method) {
          const context = server.makeRequestContext(endpoint, method);
          for (const [name, value] of Object.entries(query)) context.setQueryParam(name, value);
          return context;
        },
      },
      httpApi,
      authMethods,
    });

  const status = (documentId: string) =>
    call(async () => ourStatus((await documents.statusDocument({ id: documentId })).status));

  const service: DocumentService = {
    name: SERVICE,
    status,
    create(document) {
      const key = document.idempotencyKey;
      const already = running.get(key);
      if (already) return already;
      const made = (async () => (await madeWith(key)) ?? (await createNew(document)))().finally(() =>
        running.delete(key),
      );
      running.set(key, made);
      return made;
    },
    waitForDraft(documentId, { timeoutMs = 60_000 } = {}) {
      return waitUntilMade(SERVICE, documentId, () => status(documentId), polling, timeoutMs);
    },
    async send(documentId, { subject, message, silent } = {}) {
      try {
        const sent = await documents.sendDocument({
          id: documentId,
          documentSendRequest: {
            ...(subject !== undefined && { subject }),
            ...(message !== undefined && { message }),
            ...(silent !== undefined && { silent }),
          },
        });
        return { status: ourStatus(sent.status) };
      } catch (error) {
        if (error instanceof ApiException && Number(error.code) === 409) {
          // A retried send: PandaDoc refuses a document that is no longer a draft.
          const now = await status(documentId);
          if (now === 'sent' || now === 'viewed' || now === 'completed') return { status: now };
        }
        translate(error);
      }
    },
    sessionLink(documentId, recipientEmail, lifetimeSeconds = 3_600) {
      return call(async () => {
        const session = await documents.createDocumentLink({
          id: documentId,
          documentCreateLinkRequest: { recipient: recipientEmail, lifetime: lifetimeSeconds },
        });
        if (!session.id) throw new DocumentServiceError(SERVICE, 'failed', 'PandaDoc answered no session id');
        return { sessionId: session.id, url: `${appUrl}/s/${session.id}`, expiresAt: session.expiresAt };
      });
    },
    download(documentId) {
      return call(async () => new Uint8Array((await documents.downloadDocument({ id: documentId })).data));
    },
    readEvent(rawBody, signature) {
      return readPandaDocEvents(SERVICE, options.webhookKey, rawBody, signature);
    },
  };

  /**
   * The document an earlier create made with this key, if PandaDoc holds one it could make (one that
   * failed, `document.error`, is passed over: the key makes another).
   */
  async function madeWith(key: string): Promise<CreatedDocument | null> {
    const listed = await call(() =>
      documents.listDocuments({}, withQuery({ [`metadata_${IDEMPOTENCY_METADATA_KEY}`]: key })),
    );
    for (const { id, status: listedStatus } of listed.results ?? []) {
      if (!id || statusOfPandaDoc(listedStatus) === 'error') continue;
      // Its details answer once it is made (409 while uploaded): wait for that, as a sender would.
      if (statusOfPandaDoc(listedStatus) === 'uploaded') {
        const made = await service.waitForDraft(id).catch((error: unknown) => {
          if (error instanceof DocumentServiceError && error.reason === 'failed') return 'error' as const;
          throw error;
        });
        if (made === 'error') continue;
      }
      const details = await call(() => documents.detailsDocument({ id }));
      if ((details.metadata as Record<string, unknown> | undefined)?.[IDEMPOTENCY_METADATA_KEY] === key) {
        return { documentId: id, status: ourStatus(details.status) };
      }
    }
    return null;
  }

  async function createNew(document: NewDocument): Promise<CreatedDocument> {
    const made = await call(() =>
      documents.createDocument({
        documentCreateRequest: {
          name: document.name,
          templateUuid: document.templateId,
          recipients: document.recipients.map((r) => ({
            email: r.email,
            firstName: r.firstName,
            lastName: r.lastName,
            role: r.role,
          })),
          tokens: Object.entries(document.tokens ?? {}).map(([name, value]) => ({ name, value })),
          fields: Object.fromEntries(
            Object.entries(document.fields ?? {}).map(([name, value]) => [name, { value }]),
          ),
          metadata: { ...document.metadata, [IDEMPOTENCY_METADATA_KEY]: document.idempotencyKey },
        },
      }),
    );
    if (!made.id) throw new DocumentServiceError(SERVICE, 'failed', 'PandaDoc answered no document id');
    return { documentId: made.id, status: ourStatus(made.status) };
  }

  return service;
}
