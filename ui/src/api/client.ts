import {
  type ActionName,
  AFTER_POSITION_HEADER,
  currentLanguage,
  type Envelope,
  type ErrorCode,
  type InputOf,
  isLogPosition,
  LOG_POSITION_HEADER,
  laterPosition,
  type OutputOf,
  type SuccessEnvelope,
  t,
} from '@wine/contracts';
// The paths and audiences only: the schemas stay out of the first load (issue 11); a form loads its own.
import { actionPaths } from '@wine/contracts/action-paths';
import { withBodyEncryption } from './encryption.ts';

/** seeds 000 §8: a failure without a server message reads 'Something went wrong!' (in the chosen language). */
export const genericError = (): string => t('common.somethingWrong');

/** A call that answered `status: 'error'` (or did not answer at all). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The action that failed (the response status's `from`), once the client has sent it. */
  from: ActionName | null = null;
  /** The call asked that its failure be shown as no alert (seeds 000 §4.9 noAlert). */
  noAlert = false;
  constructor(
    message: string,
    /** The envelope's responseType (an HTTP-like code), or 0 when the network failed. */
    readonly responseType: number,
    readonly responseData: unknown = null,
    /** The error catalogue's code (contracts errors.ts); NETWORK when nothing answered in the envelope. */
    readonly code: ErrorCode | 'NETWORK' = 'NETWORK',
  ) {
    super(message || genericError());
  }
}

/**
 * seeds 000 §3.2 / 001 §3 "Response status objects: status, message, type, data, from, noAlert": what
 * one call ended with, as the alerts read it (state/alerts.ts: shown unless noAlert, then kept nowhere).
 * `type` is the envelope's responseType (0 when nothing answered), `from` the action called.
 */
export interface ResponseStatus<T = unknown> {
  status: 'success' | 'error';
  message: string;
  type: number;
  data: T;
  from: ActionName | null;
  noAlert: boolean;
}

/** The response status of a call that failed (an ApiError carries its action and noAlert; anything else is generic). */
export function statusOfError(error: unknown, from: ActionName | null = null): ResponseStatus<null> {
  if (error instanceof ApiError) {
    return {
      status: 'error',
      message: error.message,
      type: error.responseType,
      data: null,
      from: error.from ?? from,
      noAlert: error.noAlert,
    };
  }
  return { status: 'error', message: errorMessage(error), type: 0, data: null, from, noAlert: false };
}

/** What the client needs from the rest of the app; the session binds it at start (state/session.ts). */
export interface ApiConfig {
  /** The bearer token sent with actions that are not public; null when signed out. */
  getToken: () => string | null;
  /**
   * seeds 000 §4.8 / §8: a user action answered responseType 403 with the code SESSION_INVALID, so
   * the session is no longer valid (the app logs out, clears the token and goes to /login).
   */
  onSessionInvalid: (error: ApiError) => void;
  /** The fetch to use (tests inject one); the global fetch when absent. */
  fetch?: typeof fetch;
}

const defaultConfig: ApiConfig = { getToken: () => null, onSessionInvalid: () => {} };
let config: ApiConfig = defaultConfig;

/** Sets parts of the client's configuration; returns a function that restores the previous one. */
export function configureApi(next: Partial<ApiConfig>): () => void {
  const previous = config;
  config = { ...config, ...next };
  return () => {
    config = previous;
  };
}

/**
 * The latest log position this tab's commands wrote (read-your-writes, contracts
 * read-your-writes.ts): sent with every call, so a list loaded again right after a change shows it.
 */
let lastWritten: string | null = null;

/** Forgets the position written (a test's fresh start). */
export const forgetWrittenPosition = (): void => {
  lastWritten = null;
};

export interface CallOptions {
  signal?: AbortSignal;
  /** Injected in tests; overrides the configured fetch. */
  fetch?: typeof fetch;
  /** The token to send instead of the session's (validating a stored token before it is trusted). */
  token?: string | null;
  /** false: a 403 is only an error here, not the end of the session (logout itself, for one). */
  sessionCheck?: boolean;
  /** Sent as `x-command-id`: the server runs a money action once per key (see onceKeys). */
  commandId?: string;
  /**
   * seeds 000 §4.9: this call's response status is shown as no alert, success or failure (a search
   * refused with 403, a count read in the background). Carried by its status and by its ApiError.
   */
  noAlert?: boolean;
}

/**
 * Calls one action of the API (declared once in @wine/contracts) and returns the whole success
 * envelope's data (message and responseData), or throws an ApiError carrying the server's message.
 */
export async function callForMessage<N extends ActionName>(
  name: N,
  input: InputOf<N>,
  options: CallOptions = {},
): Promise<SuccessEnvelope<OutputOf<N>>['data']> {
  return send(name, JSON.stringify(input), options);
}

/** An action whose body is a multipart form (a spreadsheet's upload): answered as callForMessage. */
export async function callWithForm<N extends ActionName>(
  name: N,
  form: FormData,
  options: CallOptions = {},
): Promise<SuccessEnvelope<OutputOf<N>>['data']> {
  return send(name, form, options);
}

async function send<N extends ActionName>(
  name: N,
  body: string | FormData,
  options: CallOptions,
): Promise<SuccessEnvelope<OutputOf<N>>['data']> {
  const action = actionPaths[name];
  // Issue 38 §4: sealed bodies while the server's setting is on (encryption.ts).
  const doFetch = withBodyEncryption(options.fetch ?? config.fetch ?? globalThis.fetch);
  // Public actions never carry the token (a stale one must not turn a login into a 403).
  const token =
    action.auth === 'public' ? null : options.token !== undefined ? options.token : config.getToken();
  const headers: Record<string, string> = {
    // A form's boundary is the browser's to write.
    ...(typeof body === 'string' && { 'content-type': 'application/json' }),
    accept: 'application/json',
    // The language chosen in the header: the server answers its messages in it too.
    'accept-language': currentLanguage(),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.commandId) headers['x-command-id'] = options.commandId;
  if (lastWritten) headers[AFTER_POSITION_HEADER] = lastWritten;
  let response: Response;
  try {
    response = await doFetch(action.path, {
      method: 'POST',
      headers,
      body,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw Object.assign(new ApiError(genericError(), 0), { from: name, noAlert: options.noAlert === true });
  }
  const written = response.headers.get(LOG_POSITION_HEADER);
  if (isLogPosition(written)) lastWritten = laterPosition(lastWritten, written);
  const envelope = await readEnvelope<OutputOf<N>>(response);
  const error = !envelope
    ? new ApiError(genericError(), response.status)
    : envelope.status !== 'success'
      ? new ApiError(
          envelope.data.message,
          envelope.data.responseType,
          envelope.data.responseData,
          envelope.data.code,
        )
      : null;
  if (error) {
    error.from = name;
    error.noAlert = options.noAlert === true;
    // The session is over when the server says so by its code (never by the wording): a role refusal
    // (ROLE_REQUIRED) or an admin action's 403 says "not allowed", not "signed out".
    const sessionEnded = error.code === 'SESSION_INVALID' && Boolean(token);
    if (sessionEnded && action.auth === 'user' && options.sessionCheck !== false) {
      config.onSessionInvalid(error);
    }
    // A page open to visitors refused a stale token: the session is over, the page is still served.
    if (sessionEnded && action.auth === 'viewer') {
      if (options.sessionCheck !== false) config.onSessionInvalid(error);
      return send(name, body, { ...options, token: null });
    }
    throw error;
  }
  return (envelope as SuccessEnvelope<OutputOf<N>>).data;
}

/** Calls one action of the API and returns its responseData (see callForMessage). */
export async function call<N extends ActionName>(
  name: N,
  input: InputOf<N>,
  options: CallOptions = {},
): Promise<OutputOf<N>> {
  return (await callForMessage(name, input, options)).responseData;
}

/**
 * Calls one action and answers its response status (seeds 000 §3.2): `status: 'success'`, the server's
 * message, `type` 200, `data` the responseData, `from` the action and the call's noAlert. A failure
 * still throws its ApiError (which `statusOfError` reads).
 */
export async function callForStatus<N extends ActionName>(
  name: N,
  input: InputOf<N>,
  options: CallOptions = {},
): Promise<ResponseStatus<OutputOf<N>>> {
  const { message, responseType, responseData } = await callForMessage(name, input, options);
  return {
    status: 'success',
    message,
    type: responseType,
    data: responseData,
    from: name,
    noAlert: options.noAlert === true,
  };
}

/**
 * A request outside the actions, through the API's fetch (the card provider's tokenisation: the
 * sandbox's vault on this origin, Stripe's API): what specs replace, the rest of the API with it.
 */
export const providerFetch = (input: string, init: RequestInit) =>
  (config.fetch ?? globalThis.fetch)(input, init);

/**
 * A file the API serves to a signed-in user (an invoice's PDF): a GET with the session's bearer token,
 * as the actions carry it. Throws an ApiError with the server's message when it refuses.
 */
export async function fetchFile(path: string, options: Pick<CallOptions, 'signal'> = {}): Promise<Blob> {
  const doFetch = config.fetch ?? globalThis.fetch;
  const token = config.getToken();
  const headers: Record<string, string> = { 'accept-language': currentLanguage() };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await doFetch(path, { method: 'GET', headers, signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(genericError(), 0);
  }
  if (response.ok) return response.blob();
  const envelope = await readEnvelope<unknown>(response);
  if (envelope && envelope.status !== 'success') {
    throw new ApiError(
      envelope.data.message,
      envelope.data.responseType,
      envelope.data.responseData,
      envelope.data.code,
    );
  }
  throw new ApiError(genericError(), response.status);
}

/** An upload's failure (seeds 001 §8): `remove` when the server refused the file for good (a 403). */
export class UploadError extends ApiError {
  constructor(
    message: string,
    responseType: number,
    readonly remove = false,
    code: ErrorCode | 'NETWORK' = 'NETWORK',
  ) {
    super(message, responseType, null, code);
  }
}

/** The texts of an upload's failures, in the page's language (the staff screens' texts). */
export interface UploadTexts {
  /** 'HTTP error: {status}' */
  httpError: (status: number) => string;
  /** 'Upload Failed!' */
  failed: string;
  /** 'Image Upload Failed' */
  network: string;
}

/** The actions a file is uploaded to (seeds 001 §7: images, a page's PDF, a spreadsheet of lots). */
export type UploadAction = 'imageUploader' | 'multipleImageUploader' | 'uploadPageFile' | 'uploadXLSXFile';

/**
 * seeds 001 §7 "multipart for files": an upload's body, its fields first (folder, isCompress, quality,
 * resultWidth, resultHeight, file_name…), then each file as `file_upload` under its own name.
 */
export function multipartBody(fields: Record<string, string>, files: readonly Blob[]): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const file of files) body.append('file_upload', file, file instanceof File ? file.name : 'photo.jpg');
  return body;
}

/**
 * The one way the UI uploads files (seeds 001 §7 image_uploader, muliple_img_uploader, a page's PDF to
 * uploadPageFile, a spreadsheet to uploadXLSXFile): the multipart body (`multipartBody`) sent as every
 * call is (the session's token, the language, read-your-writes, the end of a session), answering the
 * action's responseData. Fails as the seeds say (001 §8): a network failure 'Image Upload Failed', a 403
 * with the remove flag, another non-2xx 'HTTP error: {status}' (or the server's message, such as the
 * refused file type), a non-success 'Upload Failed!'.
 */
export async function uploadFiles<N extends UploadAction>(
  name: N,
  files: readonly Blob[],
  fields: Record<string, string>,
  texts: UploadTexts,
  options: CallOptions = {},
): Promise<OutputOf<N>> {
  try {
    return (await send(name, multipartBody(fields, files), options)).responseData;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw Object.assign(uploadFailure(error, texts), { from: name, noAlert: options.noAlert === true });
  }
}

/** An upload's failure in the seeds' words (see uploadFiles). */
function uploadFailure(error: unknown, texts: UploadTexts): UploadError {
  if (!(error instanceof ApiError) || error.responseType === 0) return new UploadError(texts.network, 0);
  const status = error.responseType;
  if (error.code === 'NETWORK') {
    // Nothing in the envelope: the seeds' texts by the HTTP status.
    if (status === 403) return new UploadError(texts.failed, 403, true);
    if (status >= 200 && status < 300) return new UploadError(texts.failed, status);
    return new UploadError(texts.httpError(status), status);
  }
  return new UploadError(error.message, status, status === 403, error.code);
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'status' in body && 'data' in body) return body as Envelope<T>;
    return null;
  } catch {
    return null;
  }
}

/**
 * One `x-command-id` per attempt of a money action (issue 30: a request sent again reaches the card
 * once). The same input sent again after no answer (the network failed) carries the same key, so the
 * server replays the first request's answer instead of charging again; any answer ends the attempt,
 * and a new input is a new attempt.
 */
export function onceKeys(random: () => string = () => crypto.randomUUID()) {
  let attempt: { input: string; key: string } | null = null;
  return {
    keyFor(input: unknown): string {
      const sent = JSON.stringify(input);
      if (attempt?.input !== sent) attempt = { input: sent, key: random() };
      return attempt.key;
    },
    settled(error: unknown): void {
      if (!(error instanceof ApiError && error.code === 'NETWORK')) attempt = null;
    },
  };
}

/** The server's message of a success envelope, when it says more than the default 'ok'. */
export function messageOr(message: string | undefined, fallback: string): string {
  return message && message !== 'ok' ? message : fallback;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : genericError();
}
