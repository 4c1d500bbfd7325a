import {
  type ActionName,
  actions,
  CardDetails,
  type ErrorCode,
  failure,
  type InputOf,
  type OutputOf,
  SANDBOX_VAULT_PATH,
  success,
} from '@wine/contracts';
import { vi } from 'vitest';

/** Thrown by a handler: the fake answers it as an error envelope. */
export class Failure extends Error {
  constructor(
    message: string,
    readonly responseType = 400,
    readonly responseData: { field?: string } | null = null,
    /** The catalogue's code; by default the one a server gives such a status. */
    readonly code: ErrorCode = responseType === 403
      ? 'SESSION_INVALID'
      : responseType === 404
        ? 'NOT_FOUND'
        : 'VALIDATION',
  ) {
    super(message);
  }
}

export interface ApiRequest {
  action: ActionName;
  input: unknown;
  /** The Authorization header as sent, if any. */
  authorization: string | undefined;
}

/** What the action answers in responseData (null included, unlike OutputOf). */
type Answer<N extends ActionName> = OutputOf<N>;

type Handler<N extends ActionName> = (
  input: InputOf<N>,
  request: ApiRequest,
) => Answer<N> | Promise<Answer<N>> | { message: string; responseData: Answer<N> };
export type Handlers = { [N in ActionName]?: Handler<N> };

const actionByPath = new Map<string, ActionName>(
  Object.entries(actions).map(([name, action]) => [action.path, name as ActionName]),
);

/** A multipart body as a handler reads it: its fields, and each file as its name, type and size. */
function formInput(body: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of body.entries()) {
    const part = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
    const earlier = input[key];
    input[key] = earlier === undefined ? part : Array.isArray(earlier) ? [...earlier, part] : [earlier, part];
  }
  return input;
}

/** The cards this fake's vault took, by the token it answered: what an addCard handler reads back. */
const vaulted = new Map<string, { number: string; exp_month: number; exp_year: number }>();
export function cardInToken(token: string) {
  return vaulted.get(token) ?? { number: '', exp_month: 0, exp_year: 0 };
}

/** Answers with `{ message, responseData }` for a handler that wants its own success message. */
export const withMessage = <T>(message: string, responseData: T) => ({ message, responseData });

/**
 * A fetch that serves the API's actions from handlers, in the envelope; an action without a handler
 * answers 404 as the server does for a path it does not have. Records every request.
 */
export function fakeApi(handlers: Handlers = {}) {
  const requests: ApiRequest[] = [];
  // Kept beside the requests (whose shape the specs compare whole) rather than in them.
  const sentHeaders = new WeakMap<ApiRequest, Record<string, string>>();
  const serve = vi.fn(async (path: string | URL | Request, init?: RequestInit) => {
    const action = actionByPath.get(String(path));
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const input: unknown =
      init?.body instanceof FormData
        ? formInput(init.body)
        : init?.body
          ? JSON.parse(String(init.body))
          : undefined;
    if (String(path) === SANDBOX_VAULT_PATH) {
      // The sandbox's vault, where the card dialog gives a card (issue 35): checked as the vault does.
      const card = CardDetails.safeParse(input);
      if (!card.success)
        return Response.json({ error: { message: card.error.issues[0]?.message } }, { status: 400 });
      const { card_number, exp_month, exp_year } = card.data;
      const token = `tok_fake_${vaulted.size + 1}`;
      vaulted.set(token, { number: card_number, exp_month, exp_year });
      return Response.json({ token });
    }
    if (!action)
      return Response.json(failure('NO_ACTION', `No action at POST ${String(path)}`), { status: 404 });
    const request: ApiRequest = { action, input, authorization: headers.authorization };
    requests.push(request);
    sentHeaders.set(request, headers);
    const sandboxProvider = () => ({
      name: 'sandbox',
      tokens_url: SANDBOX_VAULT_PATH,
      publishable_key: null,
    });
    const handler = (handlers[action] ?? (action === 'cardProvider' ? sandboxProvider : undefined)) as
      | Handler<ActionName>
      | undefined;
    if (!handler)
      return Response.json(failure('NO_ACTION', `No action at POST ${String(path)}`), { status: 404 });
    try {
      const result = await handler(input as never, request);
      const answer =
        result && typeof result === 'object' && 'message' in result && 'responseData' in result
          ? success(result.responseData, result.message)
          : success(result);
      return Response.json(answer);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      return Response.json(failure(error.code, error.message, error.responseData, error.responseType), {
        status: error.responseType,
      });
    }
  });
  return {
    fetch: serve as unknown as typeof globalThis.fetch,
    requests,
    /** The requests made to one action. */
    to: (action: ActionName) => requests.filter((r) => r.action === action),
    /** The Accept-Language a request was sent with: the language the UI asks the server to answer in. */
    languageOf: (request: ApiRequest) => sentHeaders.get(request)?.['accept-language'],
  };
}
